import Foundation
import JWTKit
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The token endpoint on both engines: codes single use, bound and short; PKCE; refresh rotation
/// with reuse detection; the grant as a session; and the ID token's claims, checked by jwt-kit
/// against the published keys.
@Suite(.onEveryEngine, .tags(.postgres)) struct OpenIDTokenTests {
    let provider: ProviderHarness

    init() throws {
        provider = try ProviderHarness()
    }

    private var service: LatchkeyService { provider.service }

    @Test("A code gets an ID token whose signature and claims check out, and userinfo answers its scopes")
    func codeFlow() async throws {
        let app = try provider.client("App")
        let session = try await service.signedIn("alice", email: "alice@example.com")
        let pkce = ProviderHarness.pkce()
        let code = try await provider.code(app, session: session, challenge: pkce.challenge)
        let tokens = try await provider.exchange(code, app, verifier: pkce.verifier)
        let id = try await provider.verifiedIDToken(tokens.idToken)
        let now = Int(provider.time.now().timeIntervalSince1970)
        #expect(id.iss == ProviderHarness.issuer && id.aud == app.id && id.azp == app.id)
        #expect(id.nonce == "n-1" && id.amr == ["pwd"] && id.iat == now && id.exp == now + 600)
        #expect(id.sub != "alice" && id.sub.count == 43)
        #expect(id.claims.preferredUsername == "alice" && id.claims.email == "alice@example.com")
        #expect(tokens.scope == "openid profile email roles" && tokens.expiresIn == 600)
        let info = try await service.userInfo(accessToken: tokens.accessToken)
        #expect(info.sub == id.sub && info.preferredUsername == "alice" && info.roles == [])
        // The same person has the same subject in a second sign-in.
        let again = try await provider.exchange(
            try await provider.code(app, session: session, challenge: pkce.challenge), app, verifier: pkce.verifier)
        #expect(try await provider.verifiedIDToken(again.idToken).sub == id.sub)
    }

    @Test("A client's sign-in is listed among the sessions and in the history with the client's name")
    func grantIsASession() async throws {
        let app = try provider.client("Grafana")
        let session = try await service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        _ = try await provider.exchange(
            try await provider.code(app, session: session, challenge: pkce.challenge), app, verifier: pkce.verifier)
        let sessions = try await service.sessions(token: session)
        #expect(sessions.map(\.client).contains("Grafana"))
        let history = try await service.history(token: session)
        #expect(history.contains { $0.kind == "oidc_signed_in" && $0.description.hasPrefix("Signed in to Grafana") })
    }

    @Test("A code works once: its replay is refused and ends what the first exchange issued")
    func codeReplay() async throws {
        let app = try provider.client("App")
        let session = try await service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let code = try await provider.code(app, session: session, challenge: pkce.challenge)
        let first = try await provider.exchange(code, app, verifier: pkce.verifier)
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.exchange(code, app, verifier: pkce.verifier)
            } == "invalid_grant")
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await service.userInfo(accessToken: first.accessToken)
            } == "invalid_token")
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.refresh(first.refreshToken, app)
            } == "invalid_grant")
    }

    @Test("A code expires after a minute and belongs to its client and redirect URI")
    func codeBounds() async throws {
        let app = try provider.client("App")
        let other = try provider.client("Other")
        let session = try await service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let late = try await provider.code(app, session: session, challenge: pkce.challenge)
        provider.time.advance(by: .seconds(61))
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.exchange(late, app, verifier: pkce.verifier)
            } == "invalid_grant")
        let stolen = try await provider.code(app, session: session, challenge: pkce.challenge)
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.exchange(stolen, other, verifier: pkce.verifier)
            } == "invalid_grant")
        let moved = try await provider.code(app, session: session, challenge: pkce.challenge)
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.exchange(
                    moved, app, verifier: pkce.verifier, redirect: "https://app.example.com/other")
            } == "invalid_grant")
    }

    @Test("PKCE: a wrong or missing verifier is refused, and so is a verifier for a code issued without a challenge")
    func pkce() async throws {
        let app = try provider.client("App")
        let session = try await service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        for verifier in [ProviderHarness.pkce().verifier, nil, "short"] {
            let code = try await provider.code(app, session: session, challenge: pkce.challenge)
            #expect(
                await ProviderHarness.refusal { () async throws(OpenIDError) in
                    try await provider.exchange(code, app, verifier: verifier)
                } == "invalid_grant")
        }
        let plain = try await provider.code(app, session: session, challenge: nil)
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.exchange(plain, app, verifier: pkce.verifier)
            } == "invalid_grant")
        let accepted = try await provider.code(app, session: session, challenge: nil)
        #expect(try await provider.exchange(accepted, app, verifier: nil).scope.hasPrefix("openid"))
    }

    @Test("A public client authenticates by its ID alone; a wrong secret is invalid_client")
    func clientAuthentication() async throws {
        let spa = try provider.client("SPA", isPublic: true)
        let app = try provider.client("App")
        let session = try await service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let code = try await provider.code(spa, session: session, challenge: pkce.challenge)
        #expect(
            try await provider.exchange(code, spa, verifier: pkce.verifier).idToken.split(separator: ".").count == 3)
        let wrong = ProviderHarness.Client(id: app.id, secret: "lks_wrong")
        let appCode = try await provider.code(app, session: session, challenge: pkce.challenge)
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.exchange(appCode, wrong, verifier: pkce.verifier)
            } == "invalid_client")
        // A confidential client without its secret is not a public one.
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.exchange(
                    appCode, ProviderHarness.Client(id: app.id, secret: nil), verifier: pkce.verifier)
            } == "invalid_client")
    }

    @Test("Refresh tokens rotate; a used one presented again ends the whole family")
    func refreshRotation() async throws {
        let app = try provider.client("App")
        let session = try await service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let first = try await provider.exchange(
            try await provider.code(app, session: session, challenge: pkce.challenge), app, verifier: pkce.verifier)
        let second = try await provider.refresh(first.refreshToken, app)
        #expect(second.refreshToken != first.refreshToken)
        let third = try await provider.refresh(second.refreshToken, app)
        #expect(try await service.userInfo(accessToken: third.accessToken).preferredUsername == "alice")
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.refresh(first.refreshToken, app)
            } == "invalid_grant")
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.refresh(third.refreshToken, app)
            } == "invalid_grant")
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await service.userInfo(accessToken: third.accessToken)
            } == "invalid_token")
    }

    @Test("Signing out everywhere ends a client's grant too")
    func signOutEverywhere() async throws {
        let app = try provider.client("App")
        let session = try await service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let tokens = try await provider.exchange(
            try await provider.code(app, session: session, challenge: pkce.challenge), app, verifier: pkce.verifier)
        _ = try await service.signOut(token: session, everywhere: true)
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.refresh(tokens.refreshToken, app)
            } == "invalid_grant")
    }

    @Test("Revocation ends the grant; introspection answers confidential clients only")
    func revocationAndIntrospection() async throws {
        let app = try provider.client("App")
        let spa = try provider.client("SPA", isPublic: true)
        let session = try await service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let tokens = try await provider.exchange(
            try await provider.code(app, session: session, challenge: pkce.challenge), app, verifier: pkce.verifier)
        let live = try await service.introspect(tokens.accessToken, clientID: app.id, clientSecret: app.secret)
        #expect(live.active && live.username == "alice" && live.tokenType == "access_token" && live.clientID == app.id)
        let refresh = try await service.introspect(tokens.refreshToken, clientID: app.id, clientSecret: app.secret)
        #expect(refresh.active && refresh.tokenType == "refresh_token")
        #expect(try await service.introspect("garbage", clientID: app.id, clientSecret: app.secret) == .inactive)
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await service.introspect(tokens.accessToken, clientID: spa.id, clientSecret: nil)
            } == "invalid_client")
        // Another client's revocation of this token changes nothing.
        try await service.revokeToken(tokens.refreshToken, clientID: spa.id, clientSecret: nil)
        #expect(try await service.introspect(tokens.accessToken, clientID: app.id, clientSecret: app.secret).active)
        try await service.revokeToken(tokens.refreshToken, clientID: app.id, clientSecret: app.secret)
        #expect(
            try await service.introspect(tokens.accessToken, clientID: app.id, clientSecret: app.secret) == .inactive)
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.refresh(tokens.refreshToken, app)
            } == "invalid_grant")
    }

    @Test("After a key rotation, tokens signed before still verify and new ones carry the new key")
    func keyRotation() async throws {
        let app = try provider.client("App")
        let session = try await service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let before = try await provider.exchange(
            try await provider.code(app, session: session, challenge: pkce.challenge), app, verifier: pkce.verifier)
        // The service keeps the published keys it read: a key published since must be read at once.
        #expect(try await service.userInfo(accessToken: before.accessToken).preferredUsername == "alice")
        // Twice: the second signs with a key made by the first, one the kept set has never seen.
        for _ in 0..<2 {
            SigningKeysInteractor(presenter: SigningKeysPresenter(), workers: provider.workers).rotate(
                request: .init(authority: .operator(AuthEvent.Operator(osUser: "root")), force: true))
        }
        let after = try await provider.refresh(before.refreshToken, app)
        #expect(try await provider.verifiedIDToken(before.idToken).sub == provider.verifiedIDToken(after.idToken).sub)
        #expect(try await service.userInfo(accessToken: before.accessToken).preferredUsername == "alice")
        #expect(try await service.userInfo(accessToken: after.accessToken).preferredUsername == "alice")
        #expect(Self.kid(before.idToken) != Self.kid(after.idToken))
        #expect(Self.kid(before.accessToken) != Self.kid(after.accessToken))
    }

    static func kid(_ token: String) -> String? {
        let header = Base64.decodeURLSafe(String(token.split(separator: ".")[0])) ?? []
        return (try? JSONSerialization.jsonObject(with: Data(header)) as? [String: Any])?["kid"] as? String
    }
}
