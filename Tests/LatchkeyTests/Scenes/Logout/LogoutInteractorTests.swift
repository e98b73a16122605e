import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct LogoutInteractorTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let spy = LogoutPresentationLogicSpy()
    let interactor: LogoutInteractor

    init() throws {
        workers = try Seeds.workers(time: time)
        try Seeds.register(Seeds.alice, with: workers)
        try Seeds.register(Seeds.bob, with: workers)
        interactor = LogoutInteractor(presenter: spy, workers: workers)
    }

    private func logout(_ token: SessionToken?, everywhere: Bool = false) -> Logout.SignOut.Response? {
        interactor.logout(request: .init(token: token, everywhere: everywhere))
        return spy.responses.last
    }

    private func whoAmI(_ token: SessionToken) -> WhoAmI.Profile.Response? {
        let whoSpy = WhoAmIPresentationLogicSpy()
        WhoAmIInteractor(presenter: whoSpy, workers: workers).fetchProfile(request: .init(token: token))
        return whoSpy.responses.last
    }

    @Test func logoutRevokesThatSessionOnly() throws {
        let first = try Seeds.login("alice", with: workers)
        let second = try Seeds.login("alice", with: workers)
        #expect(logout(first) == .signedOut(sessionsEnded: 1))
        #expect(whoAmI(first) == .sessionRefused(.notSignedIn))
        _ = try #require((whoAmI(second))?.signedIn, "the other session ended too")
    }

    @Test func logoutEverywhereRevokesEverySessionOfThatUserOnly() throws {
        let alice = [try Seeds.login("alice", with: workers), try Seeds.login("alice", with: workers)]
        let bob = try Seeds.login("bob", "a long enough password for him", with: workers)
        #expect(logout(alice[0], everywhere: true) == .signedOut(sessionsEnded: 2))
        #expect(alice.map(whoAmI) == [.sessionRefused(.notSignedIn), .sessionRefused(.notSignedIn)])
        _ = try #require((whoAmI(bob))?.signedIn, "bob was signed out")
    }

    @Test func signingOutWhenSignedOutIsNotAnError() throws {
        let token = try Seeds.login("alice", with: workers)
        _ = logout(token)
        #expect(logout(token) == .wasNotSignedIn)
        #expect(logout(nil) == .wasNotSignedIn)
        #expect(logout(RandomSessionTokens().makeToken()) == .wasNotSignedIn)
    }

    @Test func anExpiredTokenCannotEndItsUsersOtherSessions() throws {
        let old = try Seeds.login("alice", with: workers)
        let recent = try Seeds.login("alice", with: workers)
        // Keep the recent session in use while the old one goes idle past seven days.
        for _ in 0..<2 {
            time.advance(by: .seconds(4 * 24 * 3600))
            _ = try #require((whoAmI(recent))?.signedIn, "the recent session ended")
        }
        #expect(whoAmI(old) == .sessionRefused(.expired))
        #expect(logout(old, everywhere: true) == .signedOut(sessionsEnded: 1))
        _ = try #require((whoAmI(recent))?.signedIn, "an expired token ended a live session")
    }
}
