import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// RP-initiated logout and the client endpoints' throttle, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct OpenIDLogoutTests {
    @Test("Logout with the ID token as hint ends the browser's session and the grant, and goes back with the state")
    func logoutWithHint() async throws {
        let provider = try ProviderHarness()
        let service = provider.service
        let app = try provider.client("App")
        let session = try await service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let tokens = try await provider.exchange(
            try await provider.code(app, session: session, challenge: pkce.challenge), app, verifier: pkce.verifier)
        let unregistered = await service.endSession(
            parameters: ["id_token_hint": tokens.idToken, "post_logout_redirect_uri": "https://evil.example/"],
            sessionToken: session, confirmed: false)
        guard case .refused = unregistered else { throw ProviderHarness.HarnessFailure(what: "\(unregistered)") }
        let outcome = await service.endSession(
            parameters: [
                "id_token_hint": tokens.idToken, "post_logout_redirect_uri": "https://app.example.com/bye",
                "state": "s 2",
            ], sessionToken: session, confirmed: false)
        #expect(outcome == .signedOut(redirect: "https://app.example.com/bye?state=s%202"))
        await #expect(throws: LatchkeyError.self) { try await service.authenticate(token: session) }
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await provider.refresh(tokens.refreshToken, app)
            } == "invalid_grant")
    }

    @Test("Logout without a hint asks the person first, then ends the session")
    func logoutAsks() async throws {
        let provider = try ProviderHarness()
        let session = try await provider.service.signedIn("alice")
        let asked = await provider.service.endSession(parameters: [:], sessionToken: session, confirmed: false)
        #expect(asked == .confirm(parameters: [:]))
        _ = try await provider.service.authenticate(token: session)
        let done = await provider.service.endSession(parameters: [:], sessionToken: session, confirmed: true)
        #expect(done == .signedOut(redirect: nil))
        await #expect(throws: LatchkeyError.self) { try await provider.service.authenticate(token: session) }
    }

    @Test("Failures at the token endpoint lock the address at the policy's limit, before anything is checked")
    func throttled() async throws {
        var policy = SecurityPolicy()
        policy.maximumFailedLoginsPerAddress = 3
        let provider = try ProviderHarness(policy: policy)
        let app = try provider.client("App")
        let session = try await provider.service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let client = try ClientContext(address: "203.0.113.9")
        let service = provider.service
        for _ in 0..<3 {
            #expect(
                await ProviderHarness.refusal { () async throws(OpenIDError) in
                    try await service.exchangeToken(
                        form: [
                            "grant_type": "authorization_code", "code": "lkoc_" + String(repeating: "A", count: 43),
                        ],
                        clientID: app.id, clientSecret: "lks_wrong", client: client)
                } == "invalid_client")
        }
        let code = try await provider.code(app, session: session, challenge: pkce.challenge)
        let form = [
            "grant_type": "authorization_code", "code": code, "redirect_uri": ProviderHarness.redirect,
            "code_verifier": pkce.verifier,
        ]
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await service.exchangeToken(form: form, clientID: app.id, clientSecret: app.secret, client: client)
            } == "temporarily_unavailable")
        // Once the window has passed, a new code is exchanged from that address.
        provider.time.advance(by: policy.addressFailureWindow + .seconds(1))
        let later = try await provider.code(app, session: session, challenge: pkce.challenge)
        var again = form
        again["code"] = later
        let tokens = try await service.exchangeToken(
            form: again, clientID: app.id, clientSecret: app.secret, client: client)
        #expect(!tokens.idToken.isEmpty)
    }

    @Test("One address's failures never lock the client out for another, nor do a confidential client's bad codes")
    func noLockOutOfAClient() async throws {
        var policy = SecurityPolicy()
        policy.maximumFailedLoginsPerAddress = 3
        let provider = try ProviderHarness(policy: policy)
        let service = provider.service
        let app = try provider.client("App")
        let spa = try provider.client("SPA", isPublic: true)
        let session = try await service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let attacker = try ClientContext(address: "198.51.100.7")
        let made = ["grant_type": "authorization_code", "code": "lkoc_" + String(repeating: "B", count: 43)]
        for _ in 0..<5 {
            _ = await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await service.exchangeToken(form: made, clientID: spa.id, clientSecret: nil, client: attacker)
            }
        }
        #expect(
            await ProviderHarness.refusal { () async throws(OpenIDError) in
                try await service.exchangeToken(form: made, clientID: spa.id, clientSecret: nil, client: attacker)
            } == "temporarily_unavailable")
        // The same public client from another address is served.
        let code = try await provider.code(spa, session: session, challenge: pkce.challenge)
        _ = try await service.exchangeToken(
            form: [
                "grant_type": "authorization_code", "code": code, "redirect_uri": ProviderHarness.redirect,
                "code_verifier": pkce.verifier,
            ], clientID: spa.id, clientSecret: nil, client: try ClientContext(address: "203.0.113.9"))
        // A confidential client's server sends whatever codes visitors bring to its callback: with
        // its secret, bad codes do not count against its address.
        let server = try ClientContext(address: "192.0.2.10")
        for _ in 0..<5 {
            #expect(
                await ProviderHarness.refusal { () async throws(OpenIDError) in
                    try await service.exchangeToken(
                        form: made, clientID: app.id, clientSecret: app.secret, client: server)
                } == "invalid_grant")
        }
        let honest = try await provider.code(app, session: session, challenge: pkce.challenge)
        _ = try await service.exchangeToken(
            form: [
                "grant_type": "authorization_code", "code": honest, "redirect_uri": ProviderHarness.redirect,
                "code_verifier": pkce.verifier,
            ], clientID: app.id, clientSecret: app.secret, client: server)
    }
}
