import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct LoginPresenterTests {
    let display = DisplayLogicSpy()
    let presenter = LoginPresenter()

    init() {
        presenter.display = display
    }

    @Test func aSignInIsShownWithTheUsernameAndTheTokenToKeep() {
        let token = RandomSessionTokens().makeToken()
        let user = UserProfile(
            id: 1, username: "alice", email: nil, phone: nil, displayName: nil,
            createdAt: Date(timeIntervalSince1970: 0), previousLoginAt: nil)
        let session = SessionInfo(
            id: 1, createdAt: Date(timeIntervalSince1970: 0), expiresAt: Date(timeIntervalSince1970: 60),
            lastUsedAt: Date(timeIntervalSince1970: 0))
        presenter.presentLogin(response: .signedIn(user: user, session: session, token: token))
        #expect(display.logins == [.signedIn(message: "Signed in as alice.", token: token)])
    }

    @Test func everyCredentialFailureReadsTheSame() {
        presenter.presentLogin(response: .invalidCredentials)
        #expect(
            display.logins == [
                .failed(FailureViewModel(message: "Invalid username or password.", kind: .notAuthenticated))
            ])
    }

    @Test func aBusyDatabaseIsATemporaryFailure() {
        presenter.presentLogin(response: .unavailable(.databaseBusy))
        #expect(
            display.logins == [
                .failed(FailureViewModel(message: "The database is busy. Try again in a moment.", kind: .busy))
            ])
    }
}
