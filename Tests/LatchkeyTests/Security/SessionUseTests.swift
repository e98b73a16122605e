import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A session in use stays alive: every scene that accepts it records the use (`last_used_at`), so
/// the idle timeout ends only sessions nobody uses. Written at most once per `lastUsedGranularity`.
@Suite(.onEveryEngine, .tags(.postgres)) struct SessionUseTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let token: SessionToken

    init() throws {
        workers = try Seeds.workers(time: time)
        try Seeds.register(Seeds.alice, with: workers)
        token = try Seeds.login("alice", with: workers)
    }

    /// Every scene that takes a session and succeeds with it.
    enum Use: String, CaseIterable, Sendable {
        case authorize, whoAmI, history, listSessions, signOutOthers, enrollSecondFactor
    }

    /// Uses the session once through `use`; true when the scene accepted it.
    private func use(_ use: Use) -> Bool {
        switch use {
        case .authorize:
            // Signed in without the role: the session was accepted.
            if case .forbidden = AuthorizeInteractor.answer(
                .init(token: token, role: "admin"), workers: workers, client: nil)
            {
                return true
            }
        case .whoAmI:
            let spy = WhoAmIPresentationLogicSpy()
            WhoAmIInteractor(presenter: spy, workers: workers).fetchProfile(request: .init(source: .token(token)))
            if case .signedIn? = spy.responses.last { return true }
        case .history:
            let spy = HistoryPresentationLogicSpy()
            HistoryInteractor(presenter: spy, workers: workers).fetchEvents(request: .init(token: token))
            if case .events? = spy.responses.last { return true }
        case .listSessions:
            let spy = SessionsPresentationLogicSpy()
            SessionsInteractor(presenter: spy, workers: workers).fetchSessions(request: .init(token: token))
            if case .sessions? = spy.lists.last { return true }
        case .signOutOthers:
            let spy = SessionsPresentationLogicSpy()
            SessionsInteractor(presenter: spy, workers: workers).revokeSessions(
                request: .init(token: token, target: .others))
            if case .revoked? = spy.revocations.last { return true }
        case .enrollSecondFactor:
            let spy = SecondFactorPresentationLogicSpy()
            SecondFactorInteractor(presenter: spy, workers: workers).change(
                request: .init(token: token, action: .enroll(password: Seeds.password)))
            if case .pending? = spy.responses.last { return true }
        }
        return false
    }

    private func lastUsed() throws -> Int64? {
        try workers.database.read { db in
            try db.queryFirst("SELECT last_used_at FROM sessions WHERE revoked_at IS NULL") { try $0.int64(at: 0) }
        }
    }

    @Test(arguments: Use.allCases)
    func everySuccessfulUseRecordsTheUse(use: Use) throws {
        time.advance(by: .seconds(3600))
        #expect(self.use(use))
        #expect(try lastUsed() == time.now().databaseSeconds)
    }

    /// The defect: a session used every day through `authorize` alone died after the 7-day idle limit.
    @Test(arguments: Use.allCases)
    func aSessionUsedEveryDayOutlivesTheIdleTimeout(use: Use) throws {
        for day in 1...10 {
            time.advance(by: .seconds(24 * 3600))
            #expect(self.use(use), "refused on day \(day)")
        }
    }

    @Test func aUseIsWrittenAtMostOncePerGranularity() throws {
        time.advance(by: .seconds(3600))
        #expect(use(.authorize))
        let recorded = try lastUsed()
        time.advance(by: .seconds(59))
        #expect(use(.authorize))
        #expect(use(.history))
        #expect(try lastUsed() == recorded)
        time.advance(by: .seconds(1))
        #expect(use(.authorize))
        #expect(try lastUsed() == time.now().databaseSeconds)
    }
}
