import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Recovery ends what a thief could have minted: a token made in a stolen session stops answering
/// once the owner resets the password by code, an operator sets it, or the owner changes it (unless
/// the owner chooses to keep the tokens); each revocation is audited and counted in the answer.
@Suite(.onEveryEngine, .tags(.postgres)) struct AccessTokenRecoveryTests: ServiceSeeded {
    let seed: ServiceSeed
    let newPassword = "a brand new passphrase, long enough"

    init() throws { seed = try ServiceSeed() }

    /// alice, signed in, with two tokens made in that session (the thief's, say): the session and a token.
    private func aliceWithTokens() async throws -> (session: String, token: String) {
        let session = try await service.signedIn("alice")
        let token = try await service.createAccessToken(token: session, name: "stolen").token
        _ = try await service.createAccessToken(token: session, name: "backup")
        #expect(try await service.authenticate(token: token).username == "alice")
        return (session, token)
    }

    /// The occurrences of each revocation event, oldest first (tokens revoked one by one: 1 each).
    private func revocationEvents() throws -> [Int64] {
        try workers.database.read { db in
            try db.query("SELECT occurrences FROM auth_events WHERE kind = 'access_token_revoked' ORDER BY id") {
                try $0.int64("occurrences")
            }
        }
    }

    @Test("a reset by code revokes every access token of the user, audited")
    func aResetByCodeRevokesTheTokens() async throws {
        let (_, token) = try await aliceWithTokens()
        try await service.requestPasswordReset(account: "alice")
        let message = try #require(await delivery.waitFor(1).first)
        let spy = PasswordResetPresentationLogicSpy()
        PasswordResetInteractor(presenter: spy, workers: workers).completeReset(
            request: .init(proof: .code(username: "alice", code: message.typed), newPassword: newPassword))
        #expect(spy.completed == [.reset(username: "alice", sessionsEnded: 1, accessTokensRevoked: 2)])
        #expect(
            Presented.reset(spy.completed[0]) == .success(PasswordResetResult(sessionsEnded: 1, accessTokensRevoked: 2))
        )
        #expect(await errorCode { try await service.authenticate(token: token) } == .notSignedIn)
        #expect(try revocationEvents() == [2])
    }

    @Test("an operator's set-password revokes every access token of the user, audited")
    func anOperatorsSetPasswordRevokesTheTokens() async throws {
        let (_, token) = try await aliceWithTokens()
        let spy = AdminPresentationLogicSpy()
        AdminInteractor(presenter: spy, workers: workers).act(
            request: .init(username: "alice", action: .setPassword(newPassword), actor: .init(osUser: "root")))
        #expect(spy.actions == [.passwordSet(username: "alice", sessionsEnded: 1, accessTokensRevoked: 2)])
        #expect(
            Presented.action(spy.actions[0])
                == .success(
                    AdministrationResult(
                        outcome: "password_set", username: "alice", sessionsEnded: 1, accessTokensRevoked: 2, roles: nil
                    )))
        #expect(await errorCode { try await service.authenticate(token: token) } == .notSignedIn)
        #expect(try revocationEvents() == [2])
        let revocation = try #require(
            try workers.database.read { db in try AuditLog(client: nil).recent(userID: 1, limit: 10, in: db) }
                .first { $0.kind == .accessTokenRevoked })
        #expect(revocation.actor?.osUser == "root")
        #expect(HistoryPresenter.entry(revocation).description.hasPrefix("Access token revoked (2 tokens)"))
    }

    @Test("a password change revokes every access token of the user by default, audited")
    func aPasswordChangeRevokesTheTokensByDefault() async throws {
        let (session, token) = try await aliceWithTokens()
        let changed = try await service.changePassword(token: session, current: Seeds.password, new: newPassword)
        #expect(changed == PasswordChangeResult(otherSessionsEnded: 0, accessTokensRevoked: 2, accessTokensKept: 0))
        #expect(await errorCode { try await service.authenticate(token: token) } == .notSignedIn)
        #expect(try revocationEvents() == [2])
    }

    @Test("a password change that keeps the tokens revokes none and says how many still work")
    func aPasswordChangeMayKeepTheTokens() async throws {
        let (session, token) = try await aliceWithTokens()
        let changed = try await service.changePassword(
            token: session, current: Seeds.password, new: newPassword, revokeTokens: false)
        #expect(changed == PasswordChangeResult(otherSessionsEnded: 0, accessTokensRevoked: 0, accessTokensKept: 2))
        #expect(try await service.authenticate(token: token).username == "alice")
        #expect(try revocationEvents().isEmpty)
    }

    @Test("a revoked or expired token is not counted again by a later reset")
    func onlyLiveTokensAreCounted() async throws {
        let (session, _) = try await aliceWithTokens()
        let listed = try await service.accessTokens(token: session)
        _ = try await service.revokeAccessToken(token: session, id: try #require(listed.first).id)
        let spy = AdminPresentationLogicSpy()
        AdminInteractor(presenter: spy, workers: workers).act(
            request: .init(username: "alice", action: .setPassword(newPassword), actor: .init(osUser: "root")))
        #expect(spy.actions == [.passwordSet(username: "alice", sessionsEnded: 1, accessTokensRevoked: 1)])
        // One revoked by hand, then one by the operator's password.
        #expect(try revocationEvents() == [1, 1])
    }
}
