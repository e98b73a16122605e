import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The token endpoint's guarantees under concurrent requests, racing for real on the service's
/// database threads, on both engines: a code and a refresh token each work once.
@Suite(.onEveryEngine, .tags(.postgres, .stress)) struct OpenIDRaceTests {
    let provider: ProviderHarness
    let rounds = Stress.isOn ? 40 : 8

    init() throws {
        provider = try ProviderHarness()
    }

    /// How many of `count` concurrent calls of `body` succeed.
    private func successes(_ count: Int, _ body: @escaping @Sendable () async throws(OpenIDError) -> TokenSet) async
        -> Int
    {
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count { group.addTask { (try? await body()) != nil } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }

    @Test("Four exchanges of one code at once: exactly one gets tokens")
    func oneCodeOneExchange() async throws {
        let app = try provider.client("App")
        let session = try await provider.service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let provider = provider
        for _ in 0..<rounds {
            let code = try await provider.code(app, session: session, challenge: pkce.challenge)
            let won = await successes(4) { () async throws(OpenIDError) in
                try await provider.exchange(code, app, verifier: pkce.verifier)
            }
            #expect(won == 1)
        }
    }

    @Test("Four refreshes with one refresh token at once: at most one gets tokens, and a loser ends the family")
    func oneRefreshOneRotation() async throws {
        let app = try provider.client("App")
        let session = try await provider.service.signedIn("alice")
        let pkce = ProviderHarness.pkce()
        let provider = provider
        for _ in 0..<rounds {
            let tokens = try await provider.exchange(
                try await provider.code(app, session: session, challenge: pkce.challenge), app, verifier: pkce.verifier)
            let won = await successes(4) { () async throws(OpenIDError) in
                try await provider.refresh(tokens.refreshToken, app)
            }
            #expect(won <= 1)
            // Whoever lost presented a used token: the family is over, the winner's tokens too.
            #expect(
                await ProviderHarness.refusal { () async throws(OpenIDError) in
                    try await provider.service.userInfo(accessToken: tokens.accessToken)
                } == "invalid_token")
        }
    }
}
