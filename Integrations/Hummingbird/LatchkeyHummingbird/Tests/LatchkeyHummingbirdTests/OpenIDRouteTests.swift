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
    static let redirect = "https://app.example.com/cb"
    let server: TestServer

    init() throws {
        server = try TestServer(
            options: LatchkeyHTTPOptions(publicOrigin: Self.issuer, registration: .open), issuer: Self.issuer)
    }

    /// A client added by an administrator; its ID and secret.
    private func client(_ http: any TestClientProtocol, firstParty: Bool = true) async throws -> (String, String) {
        let admin = try await http.signedIn("root")
        Operator.grant(["admin"], to: "root", in: server.workers)
        let added = try await http.send(
            .post, "/v1/admin/oidc-clients",
            #"{"name": "App", "redirect_uris": ["\#(Self.redirect)"], "scopes": ["profile"], "first_party": \#(firstParty), "post_logout_redirect_uris": ["https://app.example.com/bye"]}"#,
            token: admin)
        #expect(added.status == .created)
        let body = try object(added)
        let id = try #require((body["client"] as? [String: Any])?["client_id"] as? String)
        return (id, try #require(body["client_secret"] as? String))
    }

    private func authorizePath(_ clientID: String, challenge: String) -> String {
        "/oauth2/authorize?response_type=code&client_id=\(clientID)&redirect_uri="
            + "https%3A%2F%2Fapp.example.com%2Fcb&scope=openid%20profile&state=st&code_challenge=\(challenge)"
            + "&code_challenge_method=S256&login_hint=alice"
    }

    private func form(_ fields: [(String, String)], headers: HTTPFields = [:]) -> (HTTPFields, ByteBuffer) {
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        let body = fields.map {
            "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        }.joined(separator: "&")
        return (headers, ByteBuffer(string: body))
    }

    private func pkce() -> (String, String) {
        let verifier = Base64.urlSafe(RandomBytes.make(32))
        return (verifier, Base64.urlSafe(SHA256Digest.hash(Array(verifier.utf8))))
    }

    private func basic(_ id: String, _ secret: String) -> String {
        "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString()
    }

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
            let (id, secret) = try await client(http)
            _ = try await http.signedIn("alice")
            let (verifier, challenge) = pkce()
            let first = try await http.get(authorizePath(id, challenge: challenge))
            #expect(first.status == .seeOther)
            let login = try #require(first.headers[.location])
            #expect(login.hasPrefix("/login?next=%2Foauth2%2Fauthorize%3F"))
            // The sign-in page lets its form end at the client's origin (form-action covers redirects).
            let page = try await http.get(login)
            #expect(
                page.headers[.contentSecurityPolicy]?.contains("form-action 'self' https://app.example.com;") == true)
            let next = try #require(URLComponents(string: login)?.queryItems?.first?.value)
            let (headers, body) = form(
                [("username", "alice"), ("password", TestServer.password), ("next", next)],
                headers: [.origin: Self.issuer])
            let signedIn = try await http.execute(uri: "/login", method: .post, headers: headers, body: body)
            #expect(signedIn.headers[.location] == next)
            let cookie = String(try #require(signedIn.headers[.setCookie]).split(separator: ";")[0])
            let back = try await http.get(next, headers: [.cookie: cookie])
            let location = try #require(back.headers[.location])
            #expect(location.hasPrefix(Self.redirect + "?code=lkoc_") && location.contains("&state=st&iss="))
            let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)

            let (tokenHeaders, tokenBody) = form(
                [
                    ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.redirect),
                    ("code_verifier", verifier),
                ], headers: [.authorization: basic(id, secret)])
            let tokens = try await http.execute(
                uri: "/oauth2/token", method: .post, headers: tokenHeaders, body: tokenBody)
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
            let (id, secret) = try await client(http)
            let (wrongHeaders, body) = form(
                [("grant_type", "authorization_code"), ("code", "x")], headers: [.authorization: basic(id, "lks_no")])
            let wrong = try await http.execute(uri: "/oauth2/token", method: .post, headers: wrongHeaders, body: body)
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.wwwAuthenticate] == "Basic realm=\"latchkey\"")
            #expect(try object(wrong)["error"] as? String == "invalid_client")
            let (bothHeaders, both) = form(
                [("grant_type", "authorization_code"), ("client_secret", secret)],
                headers: [.authorization: basic(id, secret)])
            let twice = try await http.execute(uri: "/oauth2/token", method: .post, headers: bothHeaders, body: both)
            #expect(twice.status == .badRequest)
            #expect(try object(twice)["error"] as? String == "invalid_request")
            let (typeHeaders, type) = form([("grant_type", "password"), ("client_id", id), ("client_secret", secret)])
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
            let (id, _) = try await client(http, firstParty: false)
            _ = try await http.signedIn("alice")
            let headers = try await http.cookieHeaders("alice", site: "same-origin")
            let (_, challenge) = pkce()
            let page = try await http.get(authorizePath(id, challenge: challenge), headers: headers)
            let html = String(buffer: page.body)
            #expect(page.status == .ok && html.contains(#"id="consent-allow""#) && html.contains("App"))
            #expect(
                page.headers[.contentSecurityPolicy]?.contains("form-action 'self' https://app.example.com;") == true)
            let fields = URLComponents(string: authorizePath(id, challenge: challenge))!.queryItems!.map {
                ($0.name, $0.value ?? "")
            }
            var crossSite = headers
            crossSite[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            let (forged, body) = form(fields + [("decision", "allow")], headers: crossSite)
            #expect(
                try await http.execute(uri: "/oauth2/authorize", method: .post, headers: forged, body: body).status
                    == .forbidden)
            // The authorization request itself may be posted from the client's page: the consent page.
            let (posted, request) = form(fields, headers: crossSite)
            let asked = try await http.execute(uri: "/oauth2/authorize", method: .post, headers: posted, body: request)
            #expect(asked.status == .ok && String(buffer: asked.body).contains(#"id="consent-allow""#))
            let (allowed, again) = form(fields + [("decision", "allow")], headers: headers)
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
            let (confirm, body) = form([("confirm", "yes")], headers: headers)
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
            let (id, _) = try await client(http)
            let (_, challenge) = pkce()
            let long = String(repeating: "%20", count: 512)
            let first = try await http.get(
                authorizePath(id, challenge: challenge) + "&nonce=\(long)&ui_locales=\(long)")
            let login = try #require(first.headers[.location])
            let next = try #require(URLComponents(string: login)?.queryItems?.first?.value)
            #expect(next.utf8.count > 2_048)
            let page = String(buffer: try await http.get(login).body)
            #expect(page.contains(#"name="next" value="\#(next.replacingOccurrences(of: "&", with: "&amp;"))""#))
        }
    }
}
