import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LatchkeyHummingbird
import NIOCore
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The OpenID provider's endpoints at the HTTP level: discovery and keys, the authorization
/// endpoint's redirects and pages (and their Content-Security-Policy), the token endpoint's client
/// authentication and OAuth error shape, userinfo's Bearer challenge, and logout.
@Suite(.onEveryEngine, .tags(.postgres)) struct OpenIDRouteTests {
    static let issuer = "https://auth.example.com"
    static let redirect = OpenIDTestFlow.redirect
    let server: TestServer

    init() throws {
        server = try TestServer(
            options: LatchkeyHTTPOptions(publicOrigin: Self.issuer, registration: .open), issuer: Self.issuer)
    }

    private var flow: OpenIDTestFlow { OpenIDTestFlow(server: server) }

    @Test("Discovery names the issuer's endpoints and the keys are a JWKS; both are off without an issuer")
    func discovery() async throws {
        try await server.test { http in
            let document = try object(try await http.get("/.well-known/openid-configuration"))
            #expect(document["issuer"] as? String == Self.issuer)
            #expect(document["token_endpoint"] as? String == Self.issuer + "/oauth2/token")
            #expect(document["code_challenge_methods_supported"] as? [String] == ["S256"])
            #expect(document["response_types_supported"] as? [String] == ["code"])
            let keys = try await http.get("/oauth2/jwks")
            #expect(keys.headers[.contentType] == "application/jwk-set+json")
            let set = try #require(try object(keys)["keys"] as? [[String: Any]])
            #expect(Set(set.compactMap { $0["alg"] as? String }) == ["RS256", "ES256", "EdDSA"])
            #expect(set.allSatisfy { $0["d"] == nil && $0["kid"] is String })
        }
        let off = try TestServer()
        try await off.test { http async throws in
            #expect(try await http.get("/.well-known/openid-configuration").status == .notFound)
            #expect(try await http.get("/oauth2/jwks").status == .notFound)
        }
    }

    @Test("A browser signs in through /login and comes back to the client with a code; the code gets tokens")
    func codeFlow() async throws {
        try await server.test { http in
            let (id, secret) = try await flow.client(http)
            _ = try await http.signedIn("alice")
            let (verifier, challenge) = OpenIDTestFlow.pkce()
            let first = try await http.get(flow.authorizePath(id, challenge: challenge))
            #expect(first.status == .seeOther)
            let login = try #require(first.headers[.location])
            #expect(login.hasPrefix("/login?next=%2Foauth2%2Fauthorize%3F"))
            // The sign-in page lets its form end at the client's origin (form-action covers redirects).
            let page = try await http.get(login)
            #expect(
                page.headers[.contentSecurityPolicy]?.contains("form-action 'self' https://app.example.com;") == true)
            let next = try #require(URLComponents(string: login)?.queryItems?.first?.value)
            let (headers, body) = OpenIDTestFlow.form(
                [("username", "alice"), ("password", TestServer.password), ("next", next)],
                headers: [.origin: Self.issuer])
            let signedIn = try await http.execute(uri: "/login", method: .post, headers: headers, body: body)
            #expect(signedIn.headers[.location] == next)
            let cookie = String(try #require(signedIn.headers[.setCookie]).split(separator: ";")[0])
            let code = try await flow.code(after: next, cookie: cookie, http)
            let tokens = try await flow.tokens(for: code, verifier: verifier, client: (id, secret), http)
            #expect(tokens.status == .ok && tokens.headers[.cacheControl] == "no-store")
            let set = try object(tokens)
            #expect(set["token_type"] as? String == "Bearer" && set["expires_in"] as? Int == 600)
            let access = try #require(set["access_token"] as? String)
            let info = try object(try await http.get("/oauth2/userinfo", token: access))
            #expect(info["preferred_username"] as? String == "alice" && info["email"] == nil)
        }
    }

    @Test("The token endpoint answers in OAuth's shape: invalid_client is 401 with a Basic challenge")
    func tokenErrors() async throws {
        try await server.test { http in
            let (id, secret) = try await flow.client(http)
            let (wrongHeaders, body) = OpenIDTestFlow.form(
                [("grant_type", "authorization_code"), ("code", "x")],
                headers: [.authorization: OpenIDTestFlow.basic(id, "lks_no")])
            let wrong = try await http.execute(uri: "/oauth2/token", method: .post, headers: wrongHeaders, body: body)
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.wwwAuthenticate] == "Basic realm=\"latchkey\"")
            #expect(try object(wrong)["error"] as? String == "invalid_client")
            let (bothHeaders, both) = OpenIDTestFlow.form(
                [("grant_type", "authorization_code"), ("client_secret", secret)],
                headers: [.authorization: OpenIDTestFlow.basic(id, secret)])
            let twice = try await http.execute(uri: "/oauth2/token", method: .post, headers: bothHeaders, body: both)
            #expect(twice.status == .badRequest)
            #expect(try object(twice)["error"] as? String == "invalid_request")
            let (typeHeaders, type) = OpenIDTestFlow.form([
                ("grant_type", "password"), ("client_id", id), ("client_secret", secret),
            ])
            let password = try await http.execute(uri: "/oauth2/token", method: .post, headers: typeHeaders, body: type)
            #expect(try object(password)["error"] as? String == "unsupported_grant_type")
        }
    }

    @Test("Userinfo without a token challenges for one; a bad token is invalid_token")
    func userInfoChallenge() async throws {
        try await server.test { http in
            let none = try await http.get("/oauth2/userinfo")
            #expect(none.status == .unauthorized && none.headers[.wwwAuthenticate] == "Bearer realm=\"latchkey\"")
            let bad = try await http.get("/oauth2/userinfo", token: "eyJhbGciOiJub25lIn0.e30.")
            #expect(bad.status == .unauthorized)
            #expect(bad.headers[.wwwAuthenticate]?.contains("error=\"invalid_token\"") == true)
        }
    }

    @Test("The consent page posts back from this origin only, and its policy lets the answer go to the client")
    func consentPage() async throws {
        try await server.test { http in
            let (id, _) = try await flow.client(http, firstParty: false)
            _ = try await http.signedIn("alice")
            let headers = try await http.cookieHeaders("alice", site: "same-origin")
            let (_, challenge) = OpenIDTestFlow.pkce()
            let page = try await http.get(flow.authorizePath(id, challenge: challenge), headers: headers)
            let html = String(buffer: page.body)
            #expect(page.status == .ok && html.contains(#"id="consent-allow""#) && html.contains("App"))
            #expect(
                page.headers[.contentSecurityPolicy]?.contains("form-action 'self' https://app.example.com;") == true)
            let fields = URLComponents(string: flow.authorizePath(id, challenge: challenge))!.queryItems!.map {
                ($0.name, $0.value ?? "")
            }
            var crossSite = headers
            crossSite[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            let (forged, body) = OpenIDTestFlow.form(fields + [("decision", "allow")], headers: crossSite)
            #expect(
                try await http.execute(uri: "/oauth2/authorize", method: .post, headers: forged, body: body).status
                    == .forbidden)
            // The authorization request itself may be posted from the client's page: the consent page.
            let (posted, request) = OpenIDTestFlow.form(fields, headers: crossSite)
            let asked = try await http.execute(uri: "/oauth2/authorize", method: .post, headers: posted, body: request)
            #expect(asked.status == .ok && String(buffer: asked.body).contains(#"id="consent-allow""#))
            let (allowed, again) = OpenIDTestFlow.form(fields + [("decision", "allow")], headers: headers)
            let answer = try await http.execute(uri: "/oauth2/authorize", method: .post, headers: allowed, body: again)
            #expect(answer.status == .seeOther && answer.headers[.location]?.contains("code=lkoc_") == true)
        }
    }

    @Test("Logout without a hint asks first; confirmed, it ends the session and clears the cookie")
    func logout() async throws {
        try await server.test { http in
            _ = try await http.signedIn("alice")
            var headers = try await http.cookieHeaders("alice", site: "same-origin")
            let page = try await http.get("/oauth2/logout", headers: headers)
            #expect(page.status == .ok && String(buffer: page.body).contains(#"id="logout-confirm""#))
            let cookie = try #require(headers[.cookie])
            let (confirm, body) = OpenIDTestFlow.form([("confirm", "yes")], headers: headers)
            let done = try await http.execute(uri: "/oauth2/logout", method: .post, headers: confirm, body: body)
            #expect(done.status == .ok && done.headers[.setCookie]?.contains("Max-Age=0") == true)
            headers[.cookie] = cookie
            let token = String(cookie.split(separator: "=", maxSplits: 1)[1])
            #expect(try await http.get("/v1/me", token: token).status == .unauthorized)
        }
    }

    @Test("A long authorization request (state and nonce of 512 bytes, percent-encoded) survives the sign-in page")
    func longRequestSurvivesSignIn() async throws {
        try await server.test { http in
            let (id, _) = try await flow.client(http)
            let (_, challenge) = OpenIDTestFlow.pkce()
            let long = String(repeating: "%20", count: 512)
            let first = try await http.get(
                flow.authorizePath(id, challenge: challenge) + "&nonce=\(long)&ui_locales=\(long)")
            let login = try #require(first.headers[.location])
            let next = try #require(URLComponents(string: login)?.queryItems?.first?.value)
            #expect(next.utf8.count > 2_048)
            let page = String(buffer: try await http.get(login).body)
            #expect(page.contains(#"name="next" value="\#(next.replacingOccurrences(of: "&", with: "&amp;"))""#))
        }
    }
}
