import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import LatchkeyHummingbird
import NIOCore
import Testing

@testable import LatchkeyTestSupport

/// The pages' passkey parts at the HTTP level: the sign-in page's button and its script under the
/// Content-Security-Policy, an assertion posted through the sign-in form (also when the OpenID
/// provider sent the browser there), and the account page (the Chromium test drives the same pages
/// with a virtual authenticator).
@Suite(.onEveryEngine, .tags(.postgres)) struct PasskeyPageTests {
    let server: TestServer
    let authenticator = SoftAuthenticator()

    // The router test framework sends no Host: the public origin is what an Origin header must name.
    init() throws {
        server = try TestServer(
            options: LatchkeyHTTPOptions(publicOrigin: SoftAuthenticator.origin, registration: .open),
            relyingParty: RelyingParty(origin: SoftAuthenticator.origin), issuer: SoftAuthenticator.origin)
    }

    private func formHeaders(cookie: String? = nil, origin: String = SoftAuthenticator.origin) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = "application/x-www-form-urlencoded"
        headers[.origin] = origin
        if let cookie { headers[.cookie] = cookie }
        return headers
    }

    private func cookie(_ client: some TestClientProtocol) async throws -> String {
        let login = try await client.post(
            "/v1/login", #"{"username": "alice", "password": "\#(TestServer.password)", "cookie": true}"#,
            headers: [.origin: SoftAuthenticator.origin])
        return String(try #require(login.headers[.setCookie]).split(separator: ";")[0])
    }

    @Test("the sign-in page offers a passkey, with autofill and its one script, under a policy of no inline script")
    func theSignInPageOffersAPasskey() async throws {
        try await server.test { client in
            let page = try await client.get("/login")
            let html = String(buffer: page.body)
            #expect(html.contains(#"id="passkey-sign-in""#))
            #expect(html.contains(#"autocomplete="username webauthn""#))
            #expect(html.contains(#"<script src="/assets/passkeys.js" defer></script>"#))
            #expect(!html.contains("<script>"), "no inline script")
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'self'"))
            #expect(policy.contains("connect-src 'self'"))
            #expect(!policy.contains("unsafe-eval"))
            let scriptPolicy = policy.split(separator: ";").filter { $0.contains("script-src") }
            #expect(scriptPolicy.count == 1 && !scriptPolicy[0].contains("unsafe-inline"))
        }
    }

    @Test("without passkeys the sign-in page has no passkey button, no script, and a policy allowing none")
    func withoutPasskeysThePageHasNoScript() async throws {
        try await TestServer().test { client in
            let page = try await client.get("/login")
            let html = String(buffer: page.body)
            #expect(!html.contains("passkey-sign-in"))
            #expect(!html.contains("<script"))
            #expect(html.contains(#"autocomplete="username""#))
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src") == false)
        }
    }

    @Test("the page script is served from this origin as JavaScript that is never sniffed")
    func theScriptIsServedAsJavaScript() async throws {
        try await server.test { client in
            let script = try await client.get("/assets/passkeys.js")
            #expect(script.status == .ok)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(script.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            let source = String(buffer: script.body)
            #expect(source.contains("passkey-sign-in"))
            #expect(source.contains("/v1/passkeys/login/options"))
        }
    }

    @Test("a passkey assertion posted through the sign-in form lands on next with the session cookie")
    func anAssertionThroughTheFormSignsIn() async throws {
        try await server.test { client in
            let handle = try await authenticator.enrolled(client)
            let posted = try await client.execute(
                uri: "/login", method: .post, headers: formHeaders(),
                body: ByteBuffer(string: try await authenticator.assertionForm(client, handle: handle)))
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "/app/hello")
            let cookie = String(try #require(posted.headers[.setCookie]).split(separator: ";")[0])
            let hello = try await client.get("/app/hello", headers: [.cookie: cookie])
            #expect(String(buffer: hello.body) == "hello alice")
        }
    }

    @Test("a tampered assertion through the form shows the sign-in page again with the refusal and no cookie")
    func aTamperedAssertionThroughTheFormIsRefused() async throws {
        try await server.test { client in
            let handle = try await authenticator.enrolled(client)
            let posted = try await client.execute(
                uri: "/login", method: .post, headers: formHeaders(),
                body: ByteBuffer(string: try await authenticator.assertionForm(client, handle: handle, tampered: true)))
            #expect(posted.status == .unauthorized)
            #expect(posted.headers[.setCookie] == nil)
            let html = String(buffer: posted.body)
            #expect(html.contains(#"role="alert""#))
            #expect(html.contains(#"id="passkey-sign-in""#), "the page offers the passkey again")
        }
    }

    @Test("an assertion posted through the form from another origin is refused and signs nobody in")
    func aCrossOriginAssertionFormIsRefused() async throws {
        try await server.test { client in
            let handle = try await authenticator.enrolled(client)
            let posted = try await client.execute(
                uri: "/login", method: .post, headers: formHeaders(origin: "https://evil.example"),
                body: ByteBuffer(string: try await authenticator.assertionForm(client, handle: handle)))
            #expect(posted.status == .forbidden)
            #expect(posted.headers[.setCookie] == nil)
        }
    }

    @Test("the account page sends a visitor without a live session to sign in and come back")
    func theAccountPageNeedsASession() async throws {
        try await server.test { client in
            for headers: HTTPFields in [[:], [.cookie: "__Host-latchkey=not-a-session"]] {
                let page = try await client.get("/account", headers: headers)
                #expect(page.status == .seeOther)
                #expect(page.headers[.location] == "/login?next=%2Faccount")
            }
        }
    }

    @Test("the account page lists the user's passkeys, names escaped, with rename, remove and the add button")
    func theAccountPageListsPasskeys() async throws {
        try await server.test { client in
            _ = try await authenticator.enrolled(client, name: "Bob's <laptop>")
            let page = try await client.get("/account", headers: [.cookie: try await cookie(client)])
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("Signed in as <strong>alice</strong>."))
            #expect(html.contains("value=\"Bob&#39;s &lt;laptop&gt;\""))
            #expect(!html.contains("<laptop>"))
            #expect(html.contains(#"<form class="passkey" data-id=""#))
            #expect(html.contains(#"value="rename""#) && html.contains(#"value="remove""#))
            #expect(html.contains("never used"))
            #expect(html.contains(#"id="add-passkey""#))
            #expect(html.contains(#"<script src="/assets/passkeys.js" defer></script>"#))
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            #expect(page.headers[.cacheControl] == "no-store")
        }
    }

    @Test("without passkeys the account page says so and offers no add button")
    func withoutPasskeysTheAccountPageSaysSo() async throws {
        let plain = try TestServer(
            options: LatchkeyHTTPOptions(publicOrigin: SoftAuthenticator.origin, registration: .open))
        try await plain.test { client in
            _ = try await client.signedIn("alice")
            let page = try await client.get("/account", headers: [.cookie: try await cookie(client)])
            let html = String(buffer: page.body)
            #expect(html.contains("Passkeys are not turned on on this server."))
            #expect(!html.contains("add-passkey"))
        }
    }

    @Test("A passkey on the provider's sign-in page returns to the client with a code; the ID token says hwk")
    func aPasskeySignInEndsAtTheClient() async throws {
        try await server.test { http in
            let flow = OpenIDTestFlow(server: server)
            let client = try await flow.client(http)
            let handle = try await authenticator.enrolled(http)
            let (verifier, challenge) = OpenIDTestFlow.pkce()
            let first = try await http.get(flow.authorizePath(client.0, challenge: challenge) + "&nonce=n-1")
            let login = try #require(first.headers[.location])
            let next = try #require(URLComponents(string: login)?.queryItems?.first?.value)
            #expect(next.hasPrefix("/oauth2/authorize?"))
            #expect(String(buffer: try await http.get(login).body).contains(#"id="passkey-sign-in""#))

            var headers = HTTPFields()
            headers[.contentType] = "application/x-www-form-urlencoded"
            headers[.origin] = SoftAuthenticator.origin
            let form = try await authenticator.assertionForm(http, handle: handle, next: next)
            let signedIn = try await http.execute(
                uri: "/login", method: .post, headers: headers, body: ByteBuffer(string: form))
            #expect(signedIn.status == .seeOther && signedIn.headers[.location] == next)
            let cookie = String(try #require(signedIn.headers[.setCookie]).split(separator: ";")[0])

            let code = try await flow.code(after: next, cookie: cookie, http)
            let tokens = try await flow.tokens(for: code, verifier: verifier, client: client, http)
            #expect(tokens.status == .ok)
            let claims = try OpenIDTestFlow.claims(try #require(try object(tokens)["id_token"] as? String))
            #expect(claims["nonce"] as? String == "n-1" && claims["aud"] as? String == client.0)
            #expect(claims["amr"] as? [String] == ["hwk", "user", "mfa"])
            #expect(claims["preferred_username"] as? String == "alice")
        }
    }
}
