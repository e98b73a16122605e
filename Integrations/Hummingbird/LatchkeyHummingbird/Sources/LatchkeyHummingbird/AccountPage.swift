import Foundation
import Hummingbird
import Latchkey

/// The account page (`GET /account`): who is signed in through the cookie, and their passkeys,
/// each with its dates and a rename and remove form, with the `add-passkey` button that enrols
/// one. The changes go through the `/v1/passkeys` routes from the page's one script
/// (`PasskeyScript`), so they pass the same checks as any client's. Without a session it sends
/// the visitor to sign in and come back.
struct AccountPage<Context: LatchkeyRequestContextProtocol> {
    let routes: LatchkeyRoutes<Context>

    static var signIn: Response {
        Response(status: .seeOther, headers: [.location: "/login?next=%2Faccount", .cacheControl: "no-store"])
    }

    func add(to router: RouterGroup<Context>) {
        router.get("/account") { request, context in await page(request, context) }
    }

    private func page(_ request: Request, _ context: Context) async -> Response {
        guard let credentials = Credentials.of(request, cookieName: routes.options.cookieName) else {
            return Self.signIn
        }
        do {
            let client = try routes.client(request, context)
            let principal = try await routes.service.authenticate(token: credentials.token, client: client)
            let passkeys = try await routes.service.passkeys(token: credentials.token)
            return LoginPage<Context>.document(
                title: "Your account", message: nil,
                body: Self.body(principal, passkeys: passkeys, enabled: routes.service.passkeysEnabled),
                scripts: [PasskeyScript.path])
        } catch {
            switch error.code {
            case .notSignedIn, .sessionExpired, .invalidCredentials: return Self.signIn
            default:
                routes.metrics?.answered(error.code)
                return LoginPage<Context>.document(
                    title: "Your account", message: error.message, body: "",
                    status: ErrorResponse.status(of: error.code))
            }
        }
    }

    static func body(_ principal: Principal, passkeys: [PasskeySummary], enabled: Bool) -> String {
        let escape = LoginPage<Context>.escape
        var html = "<p>Signed in as <strong>\(escape(principal.username))</strong>.</p>\n<h2>Passkeys</h2>\n"
        html += "<p id=\"passkey-problem\" role=\"alert\" class=\"error\" hidden></p>\n"
        if passkeys.isEmpty {
            html += "<p>No passkeys yet.</p>\n"
        } else {
            html += "<ul id=\"passkeys\">\n" + passkeys.map(item).joined(separator: "\n") + "\n</ul>\n"
        }
        if enabled {
            html += """
                <noscript><p>Adding, renaming and removing passkeys needs JavaScript.</p></noscript>
                <label data-needs-webauthn hidden>Name of a new passkey
                <input id="passkey-name" maxlength="64" placeholder="Laptop"></label>
                <button type="button" id="add-passkey" data-needs-webauthn hidden>Add a passkey</button>

                """
        } else {
            html += "<p>Passkeys are not turned on on this server.</p>\n"
        }
        html += """
            <form method="post" action="/logout"><button type="submit">Sign out</button></form>
            """
        return html
    }

    /// One passkey: its name in a form that renames or removes it, and what is known of it.
    private static func item(_ passkey: PasskeySummary) -> String {
        let escape = LoginPage<Context>.escape
        var facts = ["added " + day(passkey.created)]
        facts.append(passkey.lastUsed.map { "last used " + day($0) } ?? "never used")
        if passkey.backedUp { facts.append("backed up") }
        var warning = ""
        if let regressed = passkey.counterWentBackwards {
            warning =
                "<p class=\"error\">On \(day(regressed)) a sign-in with this passkey showed a counter lower than "
                + "before: the authenticator may have been copied. Remove it unless you know why.</p>"
        }
        return """
            <li><form class="passkey" data-id="\(escape(passkey.id))">
            <input name="name" value="\(escape(passkey.name))" maxlength="64" aria-label="Name" required>
            <button type="submit" name="action" value="rename" data-needs-script hidden>Rename</button>
            <button type="submit" name="action" value="remove" data-needs-script hidden>Remove</button>
            </form><small>\(escape(facts.joined(separator: ", ")))</small>\(warning)</li>
            """
    }

    /// A date as `2026-11-26 14:05 UTC`.
    private static func day(_ date: Date) -> String {
        let text = date.formatted(.iso8601)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5)) + " UTC"
    }
}
