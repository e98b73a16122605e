import Foundation
import Testing

@testable import Latchkey

/// The authorization request's rules, with the hostile variants: a refusal stays on Latchkey's page
/// until the client and its exact redirect URI are known, and goes back to the client after.
@Suite struct AuthorizationRequestTests {
    static let registered = "https://wiki.example.com/oauth2/callback"
    static let confidential = StoredOIDCClient(
        id: 1, clientID: "lkc_wiki", name: "Wiki", isPublic: false, isFirstParty: false,
        redirectURIs: [registered, "http://127.0.0.1:8080/cb"], postLogoutRedirectURIs: [],
        scopes: [.openid, .profile, .email], createdAt: Date(timeIntervalSince1970: 0), secretRotatedAt: nil,
        createdBy: nil)
    static let publicClient = StoredOIDCClient(
        id: 2, clientID: "lkc_app", name: "App", isPublic: true, isFirstParty: true, redirectURIs: [registered],
        postLogoutRedirectURIs: [], scopes: [.openid, .roles], createdAt: Date(timeIntervalSince1970: 0),
        secretRotatedAt: nil, createdBy: nil)
    /// An S256 challenge: base64url of 32 bytes.
    static let challenge = Base64.urlSafe(Array(repeating: 7, count: 32))

    private func check(_ pairs: [(String, String)]) throws -> AuthorizationRequest {
        try AuthorizationRequest.check(pairs.map { (name: $0.0, value: $0.1) }) { id in
            [Self.confidential, Self.publicClient].first { $0.clientID == id }
        }
    }

    private func base(
        client: String = "lkc_wiki", redirect: String = registered, _ more: [(String, String)] = []
    ) -> [(String, String)] {
        [
            ("response_type", "code"), ("client_id", client), ("redirect_uri", redirect),
            ("scope", "openid profile"), ("state", "s t&a=te"), ("nonce", "n-0S6"),
        ] + more
    }

    private func pageRefusal(_ pairs: [(String, String)]) -> AuthorizationRequest.PageRefusal? {
        do {
            _ = try check(pairs)
            return nil
        } catch let refusal as AuthorizationRequest.PageRefusal {
            return refusal
        } catch {
            return nil
        }
    }

    private func redirected(_ pairs: [(String, String)]) -> AuthorizationRequest.RedirectedRefusal? {
        do {
            _ = try check(pairs)
            return nil
        } catch let refusal as AuthorizationRequest.RedirectedRefusal {
            return refusal
        } catch {
            return nil
        }
    }

    @Test("a valid request keeps its scopes, state, nonce, prompt and max_age")
    func aValidRequest() throws {
        let request = try check(base([("prompt", "login"), ("max_age", "600")]))
        #expect(request.client.clientID == "lkc_wiki" && request.redirectURI == Self.registered)
        #expect(request.scopes == [.openid, .profile] && request.state == "s t&a=te" && request.nonce == "n-0S6")
        #expect(request.prompt == [.login] && request.maxAge == 600 && request.codeChallenge == nil)
    }

    @Test(
        "a redirect URI that is not exactly a registered one is refused on the page, never redirected",
        arguments: [
            "https://wiki.example.com/oauth2/callback/", "https://wiki.example.com/oauth2/callback.evil.example",
            "https://wiki.example.com/oauth2/callbac", "https://WIKI.example.com/oauth2/callback",
            "https://wiki.example.com/oauth2/Callback", "https://wiki.example.com/oauth2/callback#x",
            "https://user@wiki.example.com/oauth2/callback", "https://wiki.example.com/oauth2/%63allback",
            "https://wiki.example.com/oauth2/callback?x=1", "http://wiki.example.com/oauth2/callback",
            "https://wiki.example.com:443/oauth2/callback", "https://evil.example/oauth2/callback",
            "http://127.0.0.1:8080/cb/", "http://127.0.0.1:8080/cB", "http://localhost:8080/cb",
            "http://127.0.0.1:8080@evil.example/cb", "http://127.0.0.1:/cb", "http://127.0.0.1:123456/cb",
            "http://127.0.0.1.evil.example/cb",
        ])
    func aRedirectURIVariantIsRefusedOnThePage(_ variant: String) {
        #expect(pageRefusal(base(redirect: variant)) == .redirectURIMismatch)
    }

    @Test("a loopback IP redirect URI matches on any port, as a native app listens where it can")
    func aLoopbackPortMayDiffer() throws {
        #expect(try check(base(redirect: "http://127.0.0.1:53124/cb")).redirectURI == "http://127.0.0.1:53124/cb")
        #expect(try check(base(redirect: "http://127.0.0.1/cb")).redirectURI == "http://127.0.0.1/cb")
    }

    @Test("an unknown or missing client, a missing redirect URI, or either repeated, stays on the page")
    func whatCannotBeTrustedStaysOnThePage() {
        #expect(pageRefusal(base(client: "lkc_nobody")) == .unknownClient)
        #expect(pageRefusal(base(client: "")) == .malformed("client_id"))
        #expect(pageRefusal(base(redirect: "")) == .malformed("redirect_uri"))
        #expect(pageRefusal(base([("redirect_uri", "https://evil.example/")])) == .malformed("redirect_uri"))
        #expect(pageRefusal(base([("client_id", "lkc_app")])) == .malformed("client_id"))
    }

    @Test("refusals after the redirect URI is known go back to it with the error, the state and iss")
    func laterRefusalsAreRedirected() throws {
        let refusal = try #require(redirected(base().map { $0.0 == "response_type" ? ($0.0, "token") : $0 }))
        #expect(refusal.error == "unsupported_response_type" && refusal.state == "s t&a=te")
        let location = refusal.location(issuer: "https://auth.example.com")
        #expect(location.hasPrefix(Self.registered + "?error=unsupported_response_type&error_description="))
        #expect(location.hasSuffix("&state=s%20t%26a%3Dte&iss=https%3A%2F%2Fauth.example.com"))
        let loopback = try #require(
            redirected(base(redirect: "http://127.0.0.1:8080/cb").filter { $0.0 != "response_type" }))
        #expect(loopback.error == "invalid_request" && loopback.redirectURI == "http://127.0.0.1:8080/cb")
    }

    @Test("the implicit and hybrid flows, request objects and other response modes are refused")
    func onlyTheCodeFlow() {
        for type in ["token", "id_token", "code id_token", "code token", "none"] {
            #expect(
                redirected(base().map { $0.0 == "response_type" ? ($0.0, type) : $0 })?.error
                    == "unsupported_response_type")
        }
        #expect(redirected(base([("request", "eyJ...")]))?.error == "request_not_supported")
        #expect(redirected(base([("request_uri", "https://x")]))?.error == "request_uri_not_supported")
        #expect(redirected(base([("response_mode", "fragment")]))?.error == "invalid_request")
        #expect(redirected(base([("response_mode", "form_post")]))?.error == "invalid_request")
    }

    @Test("the scope must include openid, and each scope must be allowed to the client")
    func scopes() throws {
        let without = base().map { $0.0 == "scope" ? ($0.0, "profile email") : $0 }
        #expect(redirected(without)?.error == "invalid_scope")
        let roles = base().map { $0.0 == "scope" ? ($0.0, "openid roles") : $0 }
        #expect(redirected(roles)?.error == "invalid_scope", "roles is not allowed to this client")
        let unknown = base().map { $0.0 == "scope" ? ($0.0, "openid offline_access profile") : $0 }
        #expect(try check(unknown).scopes == [.openid, .profile], "a scope the provider does not know is ignored")
    }

    @Test("PKCE: a public client needs an S256 challenge; plain and malformed challenges are refused")
    func pkce() throws {
        let app = base(client: "lkc_app").map { $0.0 == "scope" ? ($0.0, "openid roles") : $0 }
        #expect(redirected(app)?.error == "invalid_request", "a public client without PKCE")
        let request = try check(app + [("code_challenge", Self.challenge), ("code_challenge_method", "S256")])
        #expect(request.codeChallenge == Self.challenge && request.scopes == [.openid, .roles])
        #expect(redirected(app + [("code_challenge", Self.challenge)])?.error == "invalid_request", "plain by default")
        #expect(
            redirected(app + [("code_challenge", Self.challenge), ("code_challenge_method", "plain")])?.error
                == "invalid_request")
        #expect(
            redirected(app + [("code_challenge", "short"), ("code_challenge_method", "S256")])?.error
                == "invalid_request")
        #expect(redirected(app + [("code_challenge_method", "S256")])?.error == "invalid_request")
        // A confidential client may use PKCE too.
        #expect(
            try check(base([("code_challenge", Self.challenge), ("code_challenge_method", "S256")])).codeChallenge
                == Self.challenge)
    }

    @Test("prompt, max_age, and the lengths of state, nonce and login_hint are checked")
    func promptAndBounds() {
        #expect(redirected(base([("prompt", "none login")]))?.error == "invalid_request")
        #expect(redirected(base([("prompt", "sometimes")]))?.error == "invalid_request")
        #expect(redirected(base([("max_age", "-1")]))?.error == "invalid_request")
        #expect(redirected(base([("max_age", "1e3")]))?.error == "invalid_request")
        let long = String(repeating: "n", count: AuthorizationRequest.maximumValueLength + 1)
        #expect(redirected(base([("nonce", long)]))?.error == "invalid_request")
        #expect(redirected(base([("login_hint", long)]))?.error == "invalid_request")
        #expect(redirected(base([("scope", "openid")]))?.error == "invalid_request", "a repeated parameter")
        let longState = redirected(base().map { $0.0 == "state" ? ($0.0, long) : $0 })
        #expect(longState?.error == "invalid_request" && longState?.state == nil, "an oversized state is not echoed")
    }

    @Test("an empty parameter is treated as omitted, and nothing the request says is echoed in a description")
    func emptyParametersAndFixedDescriptions() throws {
        #expect(try check(base([("prompt", ""), ("max_age", "")])).prompt.isEmpty)
        #expect(pageRefusal(base(client: "")) == .malformed("client_id"))
        let roles = redirected(base().map { $0.0 == "scope" ? ($0.0, "openid roles") : $0 })
        #expect(roles?.error == "invalid_scope" && roles?.description.contains("roles") == false)
    }

    @Test("a confidential client without PKCE must send a nonce")
    func withoutPKCEANonce() {
        #expect(redirected(base().filter { $0.0 != "nonce" })?.error == "invalid_request")
    }

    @Test("a repeated state is not echoed back")
    func aRepeatedStateIsDropped() {
        let refusal = redirected(base([("state", "other")]))
        #expect(refusal?.error == "invalid_request" && refusal?.state == nil)
    }
}
