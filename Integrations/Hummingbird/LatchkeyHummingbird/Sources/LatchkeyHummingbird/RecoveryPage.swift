import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

/// The pages a reset or verification link opens, beside the sign-in page: plain HTML forms, posted
/// through the cross-origin check. A link's token is only ever posted back, never acted on by a GET
/// (mail scanners open links).
struct RecoveryPage<Context: LatchkeyRequestContextProtocol> {
    let routes: LatchkeyRoutes<Context>

    func add(to router: RouterGroup<Context>) {
        router.get("/reset") { request, _ in
            Self.resetPage(token: request.uri.queryParameters.get("token").map { String($0) }, message: nil)
        }
        router.post("/reset") { request, context in await reset(request, context) }
        router.post("/reset/request") { request, context in await requestCode(request, context) }
        router.get("/verify-email") { request, _ in
            Self.verifyPage(token: request.uri.queryParameters.get("token").map { String($0) } ?? "", message: nil)
        }
        router.post("/verify-email") { request, context in await verify(request, context) }
    }

    private func reset(_ request: Request, _ context: Context) async -> Response {
        let form = await LoginPage<Context>.form(request, limit: routes.options.maximumBodyBytes)
        let token = form["token"].flatMap { $0.isEmpty ? nil : $0 }
        guard CrossOriginCheck.allows(request, publicOrigin: routes.options.publicOrigin) else {
            return Self.resetPage(token: token, message: CrossOriginCheck.refusal.message, status: .forbidden)
        }
        let password = form["password"] ?? ""
        do {
            let client = try routes.client(request, context)
            if let token {
                _ = try await routes.service.completePasswordReset(
                    linkToken: token, newPassword: password, client: client)
            } else {
                _ = try await routes.service.completePasswordReset(
                    username: form["username"] ?? "", code: form["code"] ?? "", newPassword: password, client: client)
            }
            return LoginPage<Context>.document(
                title: "Password reset", message: nil,
                body:
                    "<p>Your password is set, and every session was signed out.</p><p><a href=\"/login\">Sign in</a></p>"
            )
        } catch {
            routes.metrics?.answered(error.code)
            return Self.resetPage(token: token, message: error.message, status: ErrorResponse.status(of: error.code))
        }
    }

    private func requestCode(_ request: Request, _ context: Context) async -> Response {
        let form = await LoginPage<Context>.form(request, limit: routes.options.maximumBodyBytes)
        guard CrossOriginCheck.allows(request, publicOrigin: routes.options.publicOrigin) else {
            return Self.resetPage(token: nil, message: CrossOriginCheck.refusal.message, status: .forbidden)
        }
        do {
            try await routes.service.requestPasswordReset(
                account: form["account"] ?? "", client: routes.client(request, context))
            return Self.resetPage(
                token: nil, message: "If that account exists, a reset code is on its way.", status: .accepted)
        } catch {
            return Self.resetPage(token: nil, message: error.message, status: ErrorResponse.status(of: error.code))
        }
    }

    private func verify(_ request: Request, _ context: Context) async -> Response {
        let form = await LoginPage<Context>.form(request, limit: routes.options.maximumBodyBytes)
        let token = form["token"] ?? ""
        guard CrossOriginCheck.allows(request, publicOrigin: routes.options.publicOrigin) else {
            return Self.verifyPage(token: token, message: CrossOriginCheck.refusal.message, status: .forbidden)
        }
        do {
            let address = try await routes.service.verifyEmail(
                linkToken: token, client: routes.client(request, context))
            return LoginPage<Context>.document(
                title: "Email verified", message: nil,
                body: "<p>\(LoginPage<Context>.escape(address)) is verified.</p><p><a href=\"/login\">Sign in</a></p>")
        } catch {
            return Self.verifyPage(token: token, message: error.message, status: ErrorResponse.status(of: error.code))
        }
    }

    /// With a link's token: the new password alone. Without: ask for a code, or use one.
    static func resetPage(token: String?, message: String?, status: HTTPResponse.Status = .ok) -> Response {
        let password = """
            <label>New password <input name="password" type="password" autocomplete="new-password" required></label>
            """
        let body: String
        if let token {
            body = """
                <form method="post" action="/reset">
                <input type="hidden" name="token" value="\(LoginPage<Context>.escape(token))">
                \(password)
                <button type="submit">Set the password</button>
                </form>
                """
        } else {
            body = """
                <form method="post" action="/reset/request">
                <label>Username or email <input name="account" autocomplete="username" required></label>
                <button type="submit">Send me a code</button>
                </form>
                <form method="post" action="/reset">
                <label>Username <input name="username" autocomplete="username" required></label>
                <label>Code <input name="code" autocomplete="one-time-code" required></label>
                \(password)
                <button type="submit">Set the password</button>
                </form>
                """
        }
        return LoginPage<Context>.document(title: "Reset your password", message: message, body: body, status: status)
    }

    static func verifyPage(token: String, message: String?, status: HTTPResponse.Status = .ok) -> Response {
        LoginPage<Context>.document(
            title: "Verify your email", message: message,
            body: """
                <form method="post" action="/verify-email">
                <input type="hidden" name="token" value="\(LoginPage<Context>.escape(token))">
                <button type="submit">Verify this address</button>
                </form>
                """, status: status)
    }
}
