import Crypto
import Foundation
import JWTKit
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Tokens Latchkey did not issue, or no longer accepts, presented to userinfo and introspection:
/// each refused, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct OpenIDHostileTokenTests {
    let provider: ProviderHarness

    init() throws {
        provider = try ProviderHarness()
    }

    /// A client "App" and the tokens alice's sign-in to it gave.
    private func signedInApp() async throws -> (ProviderHarness.Client, TokenSet) {
        let app = try provider.client("App")
        let session = try await provider.service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let tokens = try await provider.exchange(
            try await provider.code(app, session: session, challenge: pkce.challenge), app, verifier: pkce.verifier)
        return (app, tokens)
    }

    private func parts(_ token: String) -> [String] { token.split(separator: ".").map(String.init) }

    private func json(_ object: [String: Any]) throws -> String {
        Base64.urlSafe(Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])))
    }

    private func decoded(_ part: String) throws -> [String: Any] {
        let bytes = try #require(Base64.decodeURLSafe(part))
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// Each forged token is refused by userinfo (`invalid_token`) and is inactive at introspection.
    private func refused(_ token: String, _ app: ProviderHarness.Client, _ what: Comment) async throws {
        let service = provider.service
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await service.userInfo(accessToken: token)
            }
                == "invalid_token", what)
        #expect(try await service.introspect(token, clientID: app.id, clientSecret: app.secret) == .inactive, what)
    }

    @Test("alg=none, HS256 keyed with the public key, a tampered payload, another key and an ID token are refused")
    func forgedTokens() async throws {
        let (app, tokens) = try await signedInApp()
        let real = parts(tokens.accessToken)
        var header = try decoded(real[0])
        var payload = try decoded(real[1])
        #expect(try await provider.service.userInfo(accessToken: tokens.accessToken).preferredUsername == "alice")

        header["alg"] = "none"
        try await refused(try json(header) + "." + real[1] + ".", app, "alg none")

        // HS256 keyed with the published key (its JWK text, and its modulus bytes).
        let jwks = try await provider.service.publishedKeys()
        let es256 = try #require(jwks.keys.first { $0.contains("\"ES256\"") && $0.contains(header["kid"] as! String) })
        header["alg"] = "HS256"
        let signingInput = try json(header) + "." + real[1]
        for secret in [Array(es256.utf8), Array(jwks.json.utf8)] {
            let mac = HMAC<SHA256>.authenticationCode(for: Array(signingInput.utf8), using: SymmetricKey(data: secret))
            try await refused(signingInput + "." + Base64.urlSafe(Array(mac)), app, "HS256 with the public key")
        }

        payload["scope"] = "openid profile email roles admin"
        payload["sub"] = "someone-else"
        try await refused(real[0] + "." + (try json(payload)) + "." + real[2], app, "tampered payload")

        // Signed by a key of the attacker's with the real key's kid, and with a kid of its own.
        let attacker = JWTKeyCollection()
        await attacker.add(ecdsa: ES256PrivateKey(), kid: JWKIdentifier(string: header["kid"] as! String))
        let claims = try JSONDecoder().decode(
            AccessTokenClaims.self, from: Data(try #require(Base64.decodeURLSafe(real[1]))))
        var typed = JWTHeader()
        typed.typ = "at+jwt"
        let forged = try await attacker.sign(
            claims, kid: JWKIdentifier(string: header["kid"] as! String), header: typed)
        try await refused(forged, app, "another key under the real kid")

        // An ID token is not an access token (RFC 9068's typ tells them apart).
        try await refused(tokens.idToken, app, "an ID token")
        try await refused("not a token", app, "garbage")
    }

    @Test("An expired access token and one not valid yet are refused")
    func times() async throws {
        let (app, tokens) = try await signedInApp()
        // Issued "in the future" as seen from a clock set back, then expired as seen from one moved on.
        provider.time.advance(by: .seconds(-60))
        try await refused(tokens.accessToken, app, "not valid yet")
        provider.time.advance(by: .seconds(60 + 601))
        try await refused(tokens.accessToken, app, "expired")
    }

    @Test("A token verified before is checked again against another published set, and for its times on every use")
    func verifiedBefore() async throws {
        let (app, tokens) = try await signedInApp()
        #expect(try await provider.service.userInfo(accessToken: tokens.accessToken).preferredUsername == "alice")

        // The same set again: accepted. A set without the key that signed it (retired, then
        // removed): refused, though the token was accepted a moment ago.
        let verifier = provider.service.verifier
        let issuer = try #require(provider.service.workers.issuer)
        let published = try await provider.service.publishedKeys().json
        let kid = try #require(try decoded(parts(tokens.accessToken)[0])["kid"] as? String)
        var set = try #require(try JSONSerialization.jsonObject(with: Data(published.utf8)) as? [String: Any])
        let keys = try #require(set["keys"] as? [[String: Any]])
        set["keys"] = keys.filter { $0["kid"] as? String != kid }
        let withoutIt = String(decoding: try JSONSerialization.data(withJSONObject: set), as: UTF8.self)
        let now = provider.time.now()
        #expect(await verifier.accessToken(tokens.accessToken, jwks: published, issuer: issuer, now: now) != nil)
        #expect(await verifier.accessToken(tokens.accessToken, jwks: withoutIt, issuer: issuer, now: now) == nil)
        #expect(
            await verifier.accessToken(tokens.accessToken, jwks: published, issuer: "https://other", now: now) == nil)
        #expect(await verifier.accessToken(tokens.accessToken, jwks: published, issuer: issuer, now: now) != nil)

        provider.time.advance(by: .seconds(601))
        try await refused(tokens.accessToken, app, "expired after it was accepted")
    }
}
