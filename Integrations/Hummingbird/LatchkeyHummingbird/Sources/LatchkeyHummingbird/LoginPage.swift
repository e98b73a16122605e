import Foundation
import HTTPTypes
import Hummingbird
import Latchkey
import NIOCore

/// The sign-in page: a plain HTML form (no framework, no external asset) that needs no script,
/// the second-factor step, and a redirect to `next` (same-origin paths only). `POST /logout` from
/// a form signs out. Where the server lets people register, the page has the register form too
/// (`RegisterForm`). With passkeys on, the page's one script (`PasskeyScript`) adds a
/// `passkey-sign-in` button and the username field's passkey autofill; the browser's assertion is
/// posted through the same form (`passkey`), so it lands on `next` or the second-factor step as a
/// password does. Form posts pass the cross-origin check, so another site cannot sign a visitor in
/// or out.
struct LoginPage<Context: LatchkeyRequestContextProtocol> {
    let routes: LatchkeyRoutes<Context>

    func add(to router: RouterGroup<Context>) {
        router.get("/login") { request, _ in
            Self.page(
                .password, next: Self.safeNext(request.uri.queryParameters.get("next")), message: nil,
                registration: routes.options.registration, passkeys: routes.service.passkeysEnabled)
        }
        router.post("/login") { request, context in await signIn(request, context) }
        router.post("/logout") { request, context in await signOut(request, context) }
        RegisterForm(routes: routes).add(to: router)
        RecoveryPage(routes: routes).add(to: router)
        AccountPage(routes: routes).add(to: router)
        PasskeyScript.add(to: router)
    }

    private func signIn(_ request: Request, _ context: Context) async -> Response {
        let form = await Self.form(request, limit: routes.options.maximumBodyBytes)
        let next = Self.safeNext(form["next"])
        guard CrossOriginCheck.allows(request, publicOrigin: routes.options.publicOrigin) else {
            return Self.page(
                .password, next: next, message: CrossOriginCheck.refusal.message, status: .forbidden,
                registration: routes.options.registration, passkeys: routes.service.passkeysEnabled)
        }
        do {
            let client = try routes.client(request, context)
            let result: SignInResult
            if let challenge = form["challenge"] {
                result = try await routes.counted(step: .secondFactor) { () async throws(LatchkeyError) in
                    try await routes.service.completeSignIn(
                        challenge: challenge, code: form["code"] ?? "", client: client)
                }
            } else if let assertion = form["passkey"] {
                result = try await routes.counted(step: .passkey) { () async throws(LatchkeyError) in
                    try await routes.service.signInWithPasskey(
                        response: Data(assertion.utf8), label: "browser", client: client)
                }
            } else {
                result = try await routes.counted(step: .password) { () async throws(LatchkeyError) in
                    try await routes.service.signIn(
                        username: form["username"] ?? "", password: form["password"] ?? "", label: "browser",
                        client: client)
                }
            }
            if result.status == .secondFactorRequired, let challenge = result.challenge {
                return Self.page(.code(challenge: challenge), next: next, message: nil)
            }
            guard let token = result.token else { return Self.page(.password, next: next, message: "Internal error.") }
            var response = Response(status: .seeOther, headers: [.location: next, .cacheControl: "no-store"])
            response.setCookie(
                SessionCookie.set(token, options: routes.options, expires: result.principal?.sessionExpires))
            return response
        } catch {
            routes.metrics?.answered(error.code)
            let step: Step = form["challenge"].map { .code(challenge: $0) } ?? .password
            // A wrong code ends nothing: the same challenge may be answered again (within its limit).
            return Self.page(
                step, next: next, message: error.message, status: ErrorResponse.status(of: error.code),
                registration: routes.options.registration, passkeys: routes.service.passkeysEnabled)
        }
    }

    private func signOut(_ request: Request, _ context: Context) async -> Response {
        guard CrossOriginCheck.allows(request, publicOrigin: routes.options.publicOrigin) else {
            return Self.page(
                .password, next: "/", message: CrossOriginCheck.refusal.message, status: .forbidden)
        }
        if let cookie = request.cookies[routes.options.cookieName] {
            // Signing out needs no address: an unusable forwarded hop still ends the session.
            let client = (try? routes.client(request, context)) ?? nil
            _ = try? await routes.service.signOut(token: cookie.value, client: client)
        }
        var response = Response(status: .seeOther, headers: [.location: "/login", .cacheControl: "no-store"])
        response.setCookie(SessionCookie.clear(options: routes.options))
        return response
    }

    enum Step {
        case password
        case code(challenge: String)
    }

    /// A local path to go to after signing in; anything that could leave this origin (`//host`,
    /// `/\host`, a scheme, controls) becomes `/`.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"),
            next.utf8.count <= AuthorizationOutcome.longestReturnPath,
            next.unicodeScalars.allSatisfy({ (0x21..<0x7F).contains($0.value) })
        else { return "/" }
        return next
    }

    /// The page at `step`; the password step has the register form below when `registration` is not
    /// closed, and the passkey sign-in when `passkeys` are on. `notice` is good news (an account
    /// created), `message` a failure.
    static func page(
        _ step: Step, next: String, message: String?, status: HTTPResponse.Status = .ok,
        registration: LatchkeyHTTPOptions.Registration = .closed, notice: String? = nil, passkeys: Bool = false
    ) -> Response {
        let fields: String
        switch step {
        case .password:
            // `webauthn` lets the browser offer passkeys in the field's autofill.
            let autocomplete = passkeys ? "username webauthn" : "username"
            // An application signing someone in may say who (OpenID Connect's login_hint).
            let hint = authorizationParameter("login_hint", in: next).map { " value=\"\(escape($0))\"" } ?? ""
            fields = """
                <label>Username <input name="username" autocomplete="\(autocomplete)"\(hint) required autofocus></label>
                <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
                """
        case .code(let challenge):
            fields = """
                <input type="hidden" name="challenge" value="\(escape(challenge))">
                <label>Code from your authenticator app, or a recovery code
                <input name="code" autocomplete="one-time-code" inputmode="text" required autofocus></label>
                """
        }
        var form = """
            <form method="post" action="/login">
            \(fields)
            <input type="hidden" name="next" value="\(escape(next))">
            <button type="submit">Sign in</button>
            </form>
            """
        var scripts: [String] = []
        if case .password = step, passkeys {
            form += "\n" + passkeyFields(next: next)
            scripts = [PasskeyScript.path]
        }
        if case .password = step, registration != .closed {
            form += "\n" + RegisterForm<Context>.fields(registration, next: next)
        }
        if let notice { form = "<p role=\"status\">\(escape(notice))</p>\n" + form }
        return document(
            title: "Sign in", message: message, body: form, status: status, scripts: scripts,
            formTargets: formTargets(next: next))
    }

    /// Where a sign-in whose `next` is the OpenID authorization endpoint ends: the client's origin,
    /// which the page's `form-action` must allow (browsers apply it to the redirects a form post
    /// leads to).
    static func formTargets(next: String) -> [String] {
        authorizationParameter("redirect_uri", in: next).flatMap(AuthorizationQuery.origin(of:)).map { [$0] } ?? []
    }

    /// A parameter of the OpenID authorization request `next` returns to (`redirect_uri`,
    /// `login_hint`), decoded; nil when `next` is not one or lacks it.
    static func authorizationParameter(_ name: String, in next: String) -> String? {
        guard next.hasPrefix("/oauth2/authorize?"), let query = next.split(separator: "?", maxSplits: 1).last else {
            return nil
        }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == name, let value = AuthorizationQuery.decode(parts[1]) { return value }
        }
        return nil
    }

    /// The passkey sign-in: a button the script shows where the browser has WebAuthn, and the form
    /// it posts the assertion through.
    static func passkeyFields(next: String) -> String {
        """
        <p id="passkey-problem" role="alert" class="error" hidden></p>
        <form method="post" action="/login" id="passkey-form">
        <input type="hidden" name="passkey">
        <input type="hidden" name="next" value="\(escape(next))">
        <button type="button" id="passkey-sign-in" data-needs-webauthn hidden>Sign in with a passkey</button>
        </form>
        """
    }

    /// A page of its own (no external asset, no inline script) around `body`, with `message` as an
    /// alert; `scripts` are same-origin paths, the only scripts its Content-Security-Policy allows.
    static func document(
        title: String, message: String?, body: String, status: HTTPResponse.Status = .ok, scripts: [String] = [],
        formTargets: [String] = []
    ) -> Response {
        let notice = message.map { "<p role=\"alert\" class=\"error\">\(escape($0))</p>" } ?? ""
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>\(escape(title))</title>
            <style>body{font:16px system-ui,sans-serif;max-width:22rem;margin:4rem auto;padding:0 1rem}
            label{display:block;margin:1rem 0}input{display:block;width:100%;padding:.4rem;box-sizing:border-box}
            button{padding:.5rem 1rem}.error{color:#a00}</style></head>
            <body><h1>\(escape(title))</h1>\(notice)
            \(body)
            \(scripts.map { "<script src=\"\(escape($0))\" defer></script>" }.joined())</body></html>
            """
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // Scripts only from this origin's files, and only on pages that name them; their calls
        // only to this origin.
        let scriptSources = scripts.isEmpty ? "" : "; script-src 'self'; connect-src 'self'"
        headers[.contentSecurityPolicy] =
            "default-src 'none'; style-src 'unsafe-inline'; form-action \((["'self'"] + formTargets).joined(separator: " ")); "
            + "frame-ancestors 'none'; base-uri 'none'" + scriptSources
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// An `application/x-www-form-urlencoded` body, bounded; the first value of each name.
    static func form(_ request: Request, limit: Int) async -> [String: String] {
        guard let buffer = try? await request.body.collect(upTo: limit) else { return [:] }
        var fields: [String: String] = [:]
        for pair in String(decoding: buffer.readableBytesView, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), fields[name] == nil else { continue }
            fields[name] = parts.count == 2 ? decode(parts[1]) : ""
        }
        return fields
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
