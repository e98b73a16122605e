import Foundation
import HTTPTypes
import Hummingbird
import Latchkey

/// The register form of the sign-in page, shown where the server lets people register
/// (`--registration open` or `invite`), and `POST /register` that it posts to. Under `invite` it
/// asks for the invitation code too. Its refusals are the JSON route's, word for word; the form post
/// passes the cross-origin check, as the sign-in form's does.
struct RegisterForm<Context: LatchkeyRequestContextProtocol> {
    let routes: LatchkeyRoutes<Context>

    func add(to router: RouterGroup<Context>) {
        router.post("/register") { request, context in await register(request, context) }
    }

    private func register(_ request: Request, _ context: Context) async -> Response {
        let registration = routes.options.registration
        let form = await LoginPage<Context>.form(request, limit: routes.options.maximumBodyBytes)
        let next = LoginPage<Context>.safeNext(form["next"])
        func page(_ message: String?, _ status: HTTPResponse.Status, notice: String? = nil) -> Response {
            LoginPage<Context>.page(
                .password, next: next, message: message, status: status, registration: registration, notice: notice)
        }
        guard CrossOriginCheck.allows(request, publicOrigin: routes.options.publicOrigin) else {
            return page(CrossOriginCheck.refusal.message, .forbidden)
        }
        let invitation = form["invitation"]
        if let refusal = RegistrationRefusal.check(registration, invitation: invitation) {
            routes.metrics?.answered(refusal.code)
            return page(refusal.message, ErrorResponse.status(of: refusal.code))
        }
        do {
            let email = form["email"].flatMap { $0.isEmpty ? nil : $0 }
            let principal = try await routes.service.register(
                username: form["username"] ?? "", password: form["password"] ?? "", email: email,
                invitation: invitation, client: try routes.client(request, context))
            return page(nil, .created, notice: "Account \(principal.username) created: sign in.")
        } catch {
            routes.metrics?.answered(error.code)
            return page(error.message, ErrorResponse.status(of: error.code))
        }
    }

    /// The form's HTML: username, password, an optional email and, under `invite`, the code.
    static func fields(_ registration: LatchkeyHTTPOptions.Registration, next: String) -> String {
        let invitation =
            registration == .invite
            ? """
            <label>Invitation code <input name="invitation" autocomplete="off" spellcheck="false" required></label>

            """ : ""
        return """
            <h2>Create an account</h2>
            <form method="post" action="/register">
            <label>Username <input name="username" autocomplete="username" required></label>
            <label>Password <input name="password" type="password" autocomplete="new-password" required></label>
            <label>Email (optional) <input name="email" type="email" autocomplete="email"></label>
            \(invitation)<input type="hidden" name="next" value="\(LoginPage<Context>.escape(next))">
            <button type="submit">Create account</button>
            </form>
            """
    }
}
