import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct ChangePasswordInteractorTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let spy = ChangePasswordPresentationLogicSpy()
    let interactor: ChangePasswordInteractor
    let token: SessionToken
    let newPassword = "an entirely new passphrase"

    init() throws {
        workers = try Seeds.workers(time: time)
        try Seeds.register(Seeds.alice, with: workers)
        token = try Seeds.login("alice", with: workers)
        interactor = ChangePasswordInteractor(presenter: spy, workers: workers)
    }

    private func change(_ current: String, to new: String, token: SessionToken? = nil)
        -> ChangePassword.Update.Response?
    {
        interactor.changePassword(
            request: .init(token: token ?? self.token, currentPassword: current, newPassword: new))
        return spy.responses.last
    }

    private func whoAmI(_ token: SessionToken) -> WhoAmI.Profile.Response? {
        let whoSpy = WhoAmIPresentationLogicSpy()
        WhoAmIInteractor(presenter: whoSpy, workers: workers).fetchProfile(request: .init(token: token))
        return whoSpy.responses.last
    }

    @Test func theNewPasswordWorksTheOldOneNoLongerDoesAndOtherSessionsEnd() throws {
        let other = try Seeds.login("alice", with: workers)
        let third = try Seeds.login("alice", with: workers)
        #expect(change(Seeds.password, to: newPassword) == .changed(otherSessionsEnded: 2))
        #expect(whoAmI(other) == .sessionRefused(.notSignedIn))
        #expect(whoAmI(third) == .sessionRefused(.notSignedIn))
        _ = try #require((whoAmI(token))?.signedIn, "the current session ended too")
        #expect(throws: Seeds.SeedError.self) { try Seeds.login("alice", Seeds.password, with: workers) }
        _ = try Seeds.login("alice", newPassword, with: workers)
    }

    @Test func aWrongCurrentPasswordChangesNothingAndCountsTowardsTheThrottle() throws {
        for _ in 0..<5 { #expect(change(Seeds.otherPassword, to: newPassword) == .invalidCredentials) }
        #expect(change(Seeds.password, to: newPassword) == .throttled(retryAfter: .seconds(15 * 60)))
        time.advance(by: .seconds(15 * 60))
        _ = try Seeds.login("alice", Seeds.password, with: workers)
    }

    @Test func theNewPasswordMustPassTheRules() {
        #expect(change(Seeds.password, to: "short") == .rejected(.tooShort(minimum: 15)))
        #expect(change(Seeds.password, to: "alice in wonderland again") == .rejected(.containsUsername))
        #expect(change(Seeds.password, to: "1Q2W3E4R5T6Y7U8I9O0P") == .rejected(.common))
    }

    @Test func withoutAValidSessionNothingChanges() {
        #expect(
            change(Seeds.password, to: newPassword, token: RandomSessionTokens().makeToken())
                == .sessionRefused(.notSignedIn))
        time.advance(by: .seconds(30 * 24 * 3600))
        #expect(change(Seeds.password, to: newPassword) == .sessionRefused(.expired))
    }

    @Test func thePresenterShowsHowManySessionsEndedAndTokensWentOrStayed() {
        let display = DisplayLogicSpy()
        let presenter = ChangePasswordPresenter()
        presenter.display = display
        presenter.presentPasswordChange(response: .changed(otherSessionsEnded: 0))
        presenter.presentPasswordChange(
            response: .changed(otherSessionsEnded: 1, accessTokensRevoked: 3, accessTokensKept: 0))
        presenter.presentPasswordChange(
            response: .changed(otherSessionsEnded: 2, accessTokensRevoked: 0, accessTokensKept: 4))
        presenter.presentPasswordChange(response: .invalidCredentials)
        #expect(
            display.passwordChanges == [
                .success(PasswordChangeResult(otherSessionsEnded: 0, accessTokensRevoked: 0, accessTokensKept: 0)),
                .success(PasswordChangeResult(otherSessionsEnded: 1, accessTokensRevoked: 3, accessTokensKept: 0)),
                .success(PasswordChangeResult(otherSessionsEnded: 2, accessTokensRevoked: 0, accessTokensKept: 4)),
                .failure(LatchkeyError(message: "The current password is wrong.", kind: .notAuthenticated)),
            ])
    }
}
