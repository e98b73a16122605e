import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A refused access token is audited once per token per minute, with how many times it was
/// presented, so a flood of a revoked token cannot push an account's history out of view.
@Suite(.onEveryEngine) struct AccessTokenRefusalTests {
    let time = ManualTime(Date())
    let workers: LatchkeyWorkers
    let service: LatchkeyService

    init() throws {
        workers = try Seeds.workers(time: time)
        service = LatchkeyService(workers: workers)
    }

    /// A token of alice's, revoked.
    private func revokedToken(name: String = "old") async throws -> String {
        let session: String
        if let signedIn = try? await service.signIn(username: "alice", password: Seeds.password).token {
            session = signedIn
        } else {
            _ = try await service.register(username: "alice", password: Seeds.password)
            session = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        }
        let made = try await service.createAccessToken(token: session, name: name)
        _ = try await service.revokeAccessToken(token: session, id: made.summary.id)
        return made.token
    }

    private func refusalEvents() throws -> [Int64] {
        try workers.database.read { db in
            try db.query("SELECT id FROM auth_events WHERE kind = 'access_token_refused' ORDER BY id") {
                try $0.int64("id")
            }
        }
    }

    @Test("a thousand refusals of one token within a minute are one audit event, and a later one opens another")
    func refusalsWithinAMinuteAreOneEvent() async throws {
        let token = try await revokedToken()
        for _ in 0..<1_000 {
            #expect(await errorCode { try await service.authenticate(token: token) } == .notSignedIn)
        }
        #expect(try refusalEvents().count == 1)

        time.advance(by: .seconds(60))
        #expect(await errorCode { try await service.authenticate(token: token) } == .notSignedIn)
        #expect(try refusalEvents().count == 2)
    }
}
