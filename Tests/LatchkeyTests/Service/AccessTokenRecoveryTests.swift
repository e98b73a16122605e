import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Recovery ends what a thief could have minted: a token made in a stolen session stops answering
/// once the owner resets the password by code, an operator sets it, or the owner changes it (unless
/// the owner chooses to keep the tokens); each revocation is audited and counted in the answer.
@Suite(.onEveryEngine) struct AccessTokenRecoveryTests {
    let time = ManualTime(Date())
    let delivery = DeliverySpy()
    let workers: LatchkeyWorkers
    let service: LatchkeyService
    let newPassword = "a brand new passphrase, long enough"

    init() throws {
        let base = try Seeds.workers(time: time)
        workers = LatchkeyWorkers(
            database: base.database, hasher: base.hasher, time: time, policy: base.policy, secret: base.secret,
            delivery: delivery)
        service = LatchkeyService(workers: workers)
    }

    /// alice, signed in, with two tokens made in that session (the thief's, say): the session and a token.
    private func aliceWithTokens() async throws -> (session: String, token: String) {
        _ = try await service.register(username: "alice", password: Seeds.password)
        let session = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        let token = try await service.createAccessToken(token: session, name: "stolen").token
        _ = try await service.createAccessToken(token: session, name: "backup")
        #expect(try await service.authenticate(token: token).username == "alice")
        return (session, token)
    }

    private func revocationEvents() throws -> [Int64] {
        try workers.database.read { db in
            try db.query("SELECT id FROM auth_events WHERE kind = 'access_token_revoked' ORDER BY id") {
                try $0.int64("id")
            }
        }
    }

    @Test("a reset by code revokes every access token of the user, audited")
    func aResetByCodeRevokesTheTokens() async throws {
        let (_, token) = try await aliceWithTokens()
        try await service.requestPasswordReset(account: "alice")
        let message = try #require(await delivery.waitFor(1).first)
        _ = try await service.completePasswordReset(username: "alice", code: message.typed, newPassword: newPassword)
        #expect(await errorCode { try await service.authenticate(token: token) } == .notSignedIn)
        #expect(try revocationEvents().count == 1)
    }

    @Test("an operator's set-password revokes every access token of the user, audited")
    func anOperatorsSetPasswordRevokesTheTokens() async throws {
        let (_, token) = try await aliceWithTokens()
        let spy = AdminPresentationLogicSpy()
        AdminInteractor(presenter: spy, workers: workers).act(
            request: .init(username: "alice", action: .setPassword(newPassword), actor: .init(osUser: "root")))
        #expect(spy.actions.count == 1)
        #expect(await errorCode { try await service.authenticate(token: token) } == .notSignedIn)
        #expect(try revocationEvents().count == 1)
    }

    @Test("a password change revokes every access token of the user by default, audited")
    func aPasswordChangeRevokesTheTokensByDefault() async throws {
        let (session, token) = try await aliceWithTokens()
        _ = try await service.changePassword(token: session, current: Seeds.password, new: newPassword)
        #expect(await errorCode { try await service.authenticate(token: token) } == .notSignedIn)
        #expect(try revocationEvents().count == 1)
    }
}
