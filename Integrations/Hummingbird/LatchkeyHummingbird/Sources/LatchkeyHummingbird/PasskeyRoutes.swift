import Foundation
import Hummingbird
import Latchkey

/// Passkeys (WebAuthn) over HTTP: the options of each ceremony in WebAuthn's JSON form, and the
/// browser's `credential.toJSON()` sent back as `"credential"`. A passkey sign-in answers as
/// `POST /v1/login` does. With no relying party on the service's Workers, the options answer the
/// library's `not_found`, so no ceremony starts.
extension LatchkeyRoutes {
    func addPasskeyRoutes(to router: RouterGroup<Context>) {
        router.post("/v1/passkeys/register/options") { request, _ in
            let credentials = try signedIn(request, unsafe: true)
            _ = try await read(request, [])
            return try await service.passkeyCreationOptions(token: credentials.token)
        }
        router.post("/v1/passkeys/register") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            let input = try await read(request, ["name", "credential"])
            let passkey = try await service.registerPasskey(
                token: credentials.token, response: try input.object("credential"), name: try input.required("name"),
                client: try client(request, context))
            return EditedResponse(status: .created, response: passkey)
        }
        // Anonymous, and bounded as /v1/login is: the options are stateless (a challenge sealed
        // under the installation secret, stored only once a sign-in uses it), and the sign-in is
        // throttled per name and address by the library.
        router.post("/v1/passkeys/login/options") { request, _ in
            let input = try await read(request, ["username"])
            return try await service.passkeyRequestOptions(username: try input.string("username"))
        }
        router.post("/v1/passkeys/login") { request, context in try await passkeyLogin(request, context) }
        router.get("/v1/passkeys") { request, _ in
            JSONField("passkeys", try await service.passkeys(token: try token(request)))
        }
        router.patch("/v1/passkeys/:id") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            let input = try await read(request, ["name"])
            return try await service.renamePasskey(
                token: credentials.token, id: context.parameters.get("id") ?? "", name: try input.required("name"),
                client: try client(request, context))
        }
        router.delete("/v1/passkeys/:id") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            return try await service.removePasskey(
                token: credentials.token, id: context.parameters.get("id") ?? "", client: try client(request, context))
        }
    }

    /// Signs in with a passkey's assertion; the rest (a second-factor `code`, `"cookie": true`) as
    /// `POST /v1/login`.
    private func passkeyLogin(_ request: Request, _ context: Context) async throws -> SettingCookie<SignedIn> {
        let input = try await read(request, ["credential", "code", "label", "cookie"])
        let wantsCookie = try cookieWanted(request, input)
        let client = try client(request, context)
        let credential = try input.object("credential")
        let label = try input.string("label")
        let result = try await counted(step: .passkey) { () async throws(LatchkeyError) in
            try await service.signInWithPasskey(response: credential, label: label, client: client)
        }
        return try await finishSignIn(result, input: input, client: client, wantsCookie: wantsCookie)
    }
}
