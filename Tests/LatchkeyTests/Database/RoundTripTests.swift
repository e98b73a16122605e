import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Issue 19, §4: checking a token is the hot path of every server request (and of forward-auth), so
/// on PostgreSQL it costs one round trip when no use is due to be recorded.
@Suite(.onEveryEngine, .tags(.postgres)) struct RoundTripTests {
    @Test func authenticatingAndAuthorizingATokenTakeOneRoundTripWhenNoUseIsDue() throws {
        let time = ManualTime()
        let workers = try Seeds.workers(time: time)
        try Seeds.register(Seeds.alice, with: workers)
        let token = try Seeds.login("alice", with: workers)
        let whoami = WhoAmIInteractor(presenter: WhoAmIPresentationLogicSpy(), workers: workers)
        // The first use on this connection prepares the statement (one more trip, once).
        whoami.fetchProfile(request: .init(source: .token(token)))
        let counted = { try #require(workers.database.roundTrips) }
        guard TestEngine.current == .postgresql else {
            #expect(workers.database.roundTrips == nil)
            return
        }
        var before = try counted()
        whoami.fetchProfile(request: .init(source: .token(token)))
        #expect(try counted() - before == 1)

        before = try counted()
        #expect(
            AuthorizeInteractor.answer(.init(token: token, role: "admin"), workers: workers, client: nil)
                != .invalidRole)
        #expect(try counted() - before == 1)

        // A use due to be recorded adds its own short write transaction (its UPDATE prepared once).
        time.advance(by: workers.policy.lastUsedGranularity)
        whoami.fetchProfile(request: .init(source: .token(token)))
        time.advance(by: workers.policy.lastUsedGranularity)
        before = try counted()
        whoami.fetchProfile(request: .init(source: .token(token)))
        #expect(try counted() - before == 4)  // the read; BEGIN, UPDATE, COMMIT
    }
}
