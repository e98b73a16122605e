import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct WhoAmIInteractorTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let spy = WhoAmIPresentationLogicSpy()
    let interactor: WhoAmIInteractor
    let token: SessionToken

    init() throws {
        workers = try Seeds.workers(time: time)
        try Seeds.register(Seeds.alice, with: workers)
        token = try Seeds.login("alice", with: workers)
        interactor = WhoAmIInteractor(presenter: spy, workers: workers)
    }

    private func fetch(_ token: SessionToken?) -> WhoAmI.Profile.Response? {
        interactor.fetchProfile(request: .init(token: token))
        return spy.responses.last
    }

    @Test func aValidTokenShowsItsUser() throws {
        let (user, session) = try #require((fetch(token))?.signedIn, "not signed in: \(spy.responses)")
        #expect(user.username == "alice")
        #expect(session.expiresAt > time.now())
    }

    @Test func noTokenOrAnUnknownOneIsNotSignedIn() {
        #expect(fetch(nil) == .sessionRefused(.notSignedIn))
        #expect(fetch(RandomSessionTokens().makeToken()) == .sessionRefused(.notSignedIn))
    }

    @Test func aSessionPastItsLifetimeHasExpired() {
        time.advance(by: .seconds(30 * 24 * 3600))
        #expect(fetch(token) == .sessionRefused(.expired))
    }

    @Test func aSessionUnusedForSevenDaysHasExpiredButUseKeepsItAlive() throws {
        time.advance(by: .seconds(6 * 24 * 3600))
        _ = try #require((fetch(token))?.signedIn, "ended before the idle timeout")
        time.advance(by: .seconds(6 * 24 * 3600))
        _ = try #require((fetch(token))?.signedIn, "use did not keep the session alive")
        time.advance(by: .seconds(7 * 24 * 3600))
        #expect(fetch(token) == .sessionRefused(.expired))
    }

    @Test func disablingTheUserEndsEveryOneOfItsSessions() throws {
        let other = try Seeds.login("alice", with: workers)
        try AccountAdministration(workers: workers).disable(username: "alice")
        #expect(fetch(token) == .sessionRefused(.notSignedIn))
        #expect(fetch(other) == .sessionRefused(.notSignedIn))
        let live = try workers.database.read { db in
            try db.queryFirst("SELECT count(*) FROM sessions WHERE revoked_at IS NULL") { try $0.int64(at: 0) }
        }
        #expect(live == 0)
    }

    @Test func deadSessionsArePurgedAtTheNextSignIn() throws {
        _ = try Seeds.login("alice", with: workers)
        time.advance(by: .seconds(31 * 24 * 3600))
        _ = try Seeds.login("alice", with: workers)
        let remaining = try workers.database.read { db in
            try db.queryFirst("SELECT count(*) FROM sessions") { try $0.int64(at: 0) }
        }
        #expect(remaining == 1)
        #expect(fetch(token) == .sessionRefused(.notSignedIn))
    }

    @Test func aRevokedSessionDoesNotAuthenticate() throws {
        try workers.database.write { db in try db.execute("UPDATE sessions SET revoked_at = 1") }
        #expect(fetch(token) == .sessionRefused(.notSignedIn))
    }

    @Test func aDisabledUsersSessionDoesNotAuthenticate() throws {
        try workers.database.write { db in try db.execute("UPDATE users SET disabled_at = 1") }
        #expect(fetch(token) == .sessionRefused(.notSignedIn))
    }

    @Test func theCardShowsTheSignInBeforeThisSessionsOwn() throws {
        let firstSignIn = time.now()
        time.advance(by: .seconds(3600))
        let second = try Seeds.login("alice", with: workers)
        guard case .signedIn(let firstUser, _) = fetch(token), case .signedIn(let secondUser, _) = fetch(second) else {
            Issue.record("not signed in: \(spy.responses)")
            return
        }
        #expect(firstUser.previousLoginAt == nil)
        #expect(secondUser.previousLoginAt == firstSignIn)
    }

    @Test func lastUsedIsWrittenAtMostOnceAMinute() throws {
        func lastUsed() throws -> Int64? {
            try workers.database.read { db in
                try db.queryFirst("SELECT last_used_at FROM sessions") { try $0.int64(at: 0) }
            }
        }
        let start = try lastUsed()
        time.advance(by: .seconds(59))
        _ = fetch(token)
        #expect(try lastUsed() == start)
        time.advance(by: .seconds(1))
        _ = fetch(token)
        #expect(try lastUsed() == time.now().databaseSeconds)
    }
}
