import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct SessionsInteractorTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let spy = SessionsPresentationLogicSpy()
    let interactor: SessionsInteractor

    init() throws {
        workers = try Seeds.workers(time: time)
        interactor = SessionsInteractor(presenter: spy, workers: workers)
        try Seeds.register(Seeds.alice, with: workers)
        try Seeds.register(Seeds.bob, with: workers)
    }

    private func login(_ name: String, _ password: String = Seeds.password, label: String?) throws -> SessionToken {
        let login = LoginPresentationLogicSpy()
        LoginInteractor(presenter: login, workers: workers).login(
            request: .init(username: name, password: password, label: label))
        return try #require(login.responses.last?.signedIn?.token)
    }

    private func list(_ token: SessionToken) throws -> [Sessions.Item] {
        interactor.fetchSessions(request: .init(token: token))
        guard case .sessions(let items) = try #require(spy.lists.last) else { throw Seeds.SeedError.notSignedIn }
        return items
    }

    @Test func theListShowsLiveSessionsNewestFirstWithTheirLabelsAndMarksThisOne() throws {
        let laptop = try login("alice", label: "work laptop")
        time.advance(by: .seconds(120))
        let phone = try login("alice", label: "phone")
        time.advance(by: .seconds(120))
        let old = try login("alice", label: "old")
        LogoutInteractor(presenter: LogoutPresentationLogicSpy(), workers: workers).logout(request: .init(token: old))
        let items = try list(phone)
        #expect(items.map(\.session.label) == ["phone", "work laptop"])
        #expect(items.map(\.isCurrent) == [true, false])
        #expect(items.allSatisfy { $0.session.shortID.count == 8 })
        _ = laptop
    }

    @Test func theEndShownIsTheEarlierOfTheLifetimeAndTheIdleTimeout() throws {
        let token = try login("alice", label: nil)
        let item = try #require(try list(token).first)
        #expect(item.session.expiresIfUnused == item.session.lastUsedAt.addingTimeInterval(7 * 24 * 3600))
        #expect(item.session.expiresIfUnused < item.session.expiresAt)
        let shown = try #require(Presented.sessions(.sessions([item]))?.shown?.first)
        #expect(shown.expires == item.session.expiresIfUnused && shown.expiresIfUnused == shown.expires)
        #expect(shown.expiresAtLatest == item.session.expiresAt)
    }

    @Test func revokingOneSessionByItsIdEndsOnlyThatOneAndIsAudited() throws {
        let laptop = try login("alice", label: "laptop")
        let phone = try login("alice", label: "phone")
        let target = try #require(try list(laptop).first { $0.session.label == "phone" })
        interactor.revokeSessions(request: .init(token: laptop, target: .session(target.session.shortID.uppercased())))
        #expect(spy.revocations.last == .revoked(count: 1, includedCurrent: false))
        #expect(try list(laptop).map(\.session.label) == ["laptop"])
        interactor.fetchSessions(request: .init(token: phone))
        #expect(spy.lists.last == .sessionRefused(.notSignedIn))
        let kinds = try workers.database.read { db in try AuditLog(client: nil).recent(userID: 1, limit: 1, in: db) }
        #expect(kinds.map(\.kind) == [.sessionRevoked])
    }

    @Test func anotherUsersSessionIdGetsTheSameAnswerAsAnUnknownOne() throws {
        let alice = try login("alice", label: nil)
        let bob = try login("bob", "a long enough password for him", label: "bob's")
        let bobs = try #require(try list(bob).first)
        interactor.revokeSessions(request: .init(token: alice, target: .session(bobs.session.shortID)))
        #expect(spy.revocations.last == .noSuchSession)
        interactor.revokeSessions(request: .init(token: alice, target: .session("00000000")))
        #expect(spy.revocations.last == .noSuchSession)
        #expect(try list(bob).count == 1)
    }

    @Test func revokingTheOthersKeepsOnlyThisSession() throws {
        let keep = try login("alice", label: "keep")
        _ = try login("alice", label: "a")
        _ = try login("alice", label: "b")
        interactor.revokeSessions(request: .init(token: keep, target: .others))
        #expect(spy.revocations.last == .revoked(count: 2, includedCurrent: false))
        #expect(try list(keep).map(\.session.label) == ["keep"])
    }

    @Test func revokingThisSessionByItsIdSaysSo() throws {
        let token = try login("alice", label: nil)
        let mine = try #require(try list(token).first)
        interactor.revokeSessions(request: .init(token: token, target: .session(mine.session.shortID)))
        #expect(spy.revocations.last == .revoked(count: 1, includedCurrent: true))
        #expect(
            Presented.revocation(.revoked(count: 1, includedCurrent: true))?.shown
                == SessionRevocation(sessionsEnded: 1, includedCurrent: true))
    }

    @Test func withoutASessionNothingIsListedOrRevoked() {
        interactor.fetchSessions(request: .init(token: nil))
        interactor.revokeSessions(request: .init(token: nil, target: .others))
        #expect(spy.lists == [.sessionRefused(.notSignedIn)])
        #expect(spy.revocations == [.sessionRefused(.notSignedIn)])
    }

    @Test func aLabelBreakingTheDisplayNameRulesIsRefused() {
        let login = LoginPresentationLogicSpy()
        LoginInteractor(presenter: login, workers: workers).login(
            request: .init(username: "alice", password: Seeds.password, label: "laptop\u{202E}"))
        #expect(login.responses == [.invalidLabel])
    }

    @Test func thePresenterShowsEachOutcome() throws {
        #expect(
            Presented.revocation(.revoked(count: 0, includedCurrent: false))
                == .success(SessionRevocation(sessionsEnded: 0, includedCurrent: false)))
        #expect(
            Presented.revocation(.revoked(count: 3, includedCurrent: false))
                == .success(SessionRevocation(sessionsEnded: 3, includedCurrent: false)))
        #expect(
            Presented.revocation(.noSuchSession)
                == .failure(LatchkeyError(message: "No session of yours has that id.", kind: .invalidInput)))
        #expect(Presented.sessions(.sessionRefused(.expired)) == .failure(.session(.expired)))
        let token = try login("alice", label: "laptop")
        let items = try list(token)
        let shown = try #require(Presented.sessions(.sessions(items))?.shown)
        #expect(shown.map(\.id) == items.map(\.session.shortID))
        #expect(shown.map(\.label) == ["laptop"])
        #expect(shown.map(\.current) == [true])
    }
}
