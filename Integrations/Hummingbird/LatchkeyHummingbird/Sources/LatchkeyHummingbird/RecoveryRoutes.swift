import Foundation
import Hummingbird
import Latchkey

/// Password reset, email verification and profile changes over HTTP. A reset request is 202
/// whatever the account, and its delivery runs after the answer (the service's delivery lane).
extension LatchkeyRoutes {
    func addRecoveryRoutes(to router: RouterGroup<Context>) {
        router.post("/v1/password-reset") { request, context in
            let input = try await read(request, ["account"])
            try await service.requestPasswordReset(
                account: try input.required("account"), client: try client(request, context))
            return EditedResponse(status: .accepted, response: ResetRequested(requested: true))
        }
        router.post("/v1/password-reset/complete") { request, context in
            let input = try await read(request, ["username", "code", "token", "password"])
            let password = try input.required("password")
            let ended: PasswordResetResult
            if let link = try input.string("token") {
                ended = try await service.completePasswordReset(
                    linkToken: link, newPassword: password, client: try client(request, context))
            } else {
                ended = try await service.completePasswordReset(
                    username: try input.required("username"), code: try input.required("code"),
                    newPassword: password, client: try client(request, context))
            }
            return ResetCompleted(reset: true, result: ended)
        }
        router.post("/v1/email/verify-request") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            let address = try await service.requestEmailVerification(
                token: credentials.token, client: try client(request, context))
            return EditedResponse(status: .accepted, response: JSONField("sent_to", address))
        }
        router.post("/v1/email/verify") { request, context in
            let input = try await read(request, ["code", "token"])
            let address: String
            if let link = try input.string("token") {
                address = try await service.verifyEmail(linkToken: link, client: try client(request, context))
            } else {
                let credentials = try signedIn(request, unsafe: true)
                address = try await service.verifyEmail(
                    token: credentials.token, code: try input.required("code"), client: try client(request, context))
            }
            return JSONField("verified", address)
        }
        router.patch("/v1/me") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            let input = try await read(request, ["display_name", "phone", "email", "password"])
            return try await service.updateProfile(
                token: credentials.token, displayName: try input.change("display_name"),
                phone: try input.change("phone"), email: try input.change("email"),
                password: try input.string("password"), client: try client(request, context))
        }
    }
}
