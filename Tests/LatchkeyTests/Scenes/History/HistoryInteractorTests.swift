import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct HistoryInteractorTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers

    init() throws {
        workers = try Seeds.workers(time: time)
        try Seeds.register(Seeds.alice, with: workers)
        try Seeds.register(Seeds.bob, with: workers)
    }

    @Test func theSignedInUserSeesOnlyTheirOwnEventsNewestFirst() throws {
        time.advance(by: .seconds(60))
        LoginInteractor(presenter: LoginPresentationLogicSpy(), workers: workers).login(
            request: .init(username: "alice", password: Seeds.otherPassword))
        time.advance(by: .seconds(60))
        let token = try Seeds.login("alice", with: workers)
        let display = DisplayLogicSpy()
        SceneFactory(workers: workers).makeHistoryScene(display: display).interactor.fetchEvents(
            request: .init(token: token, limit: 10))
        guard case .events(let rows) = display.histories.last else {
            Issue.record("no events: \(display.histories)")
            return
        }
        #expect(rows.map(\.description) == ["Signed in", "Sign-in failed: wrong password", "Account created"])
        #expect(rows.map(\.kind) == ["login_succeeded", "login_failed", "registered"])
        #expect(rows[1].reason == "bad_credentials")
        #expect(rows[0].time == DateText.format(time.now()))
    }

    @Test func theLimitIsHonoured() throws {
        let token = try Seeds.login("alice", with: workers)
        let spy = HistoryPresentationLogicSpy()
        HistoryInteractor(presenter: spy, workers: workers).fetchEvents(request: .init(token: token, limit: 1))
        guard case .events(let events) = spy.responses.last else {
            Issue.record("no events")
            return
        }
        #expect(events.map(\.kind) == [.loginSucceeded])
    }

    @Test func withoutASessionThereIsNoHistory() {
        let spy = HistoryPresentationLogicSpy()
        HistoryInteractor(presenter: spy, workers: workers).fetchEvents(request: .init(token: nil))
        #expect(spy.responses == [.sessionRefused(.notSignedIn)])
    }
}
