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

    @Test func aSignInIsShownWithThePrincipalAndTheTokenToKeep() throws {
        let token = RandomSessionTokens().makeToken()
        let user = UserProfile(
            id: 1, username: "alice", email: nil, phone: nil, displayName: nil,
            createdAt: Date(timeIntervalSince1970: 0), previousLoginAt: nil)
        let session = SessionInfo(
            id: 1, createdAt: Date(timeIntervalSince1970: 0), expiresAt: Date(timeIntervalSince1970: 60),
            lastUsedAt: Date(timeIntervalSince1970: 0), idleTimeout: .seconds(30))
        presenter.presentLogin(response: .signedIn(user: user, session: session, token: token))
        let shown = try #require(display.logins.last?.shown)
        #expect(shown.status == .signedIn && shown.token == token.secret && shown.challenge == nil)
        #expect(shown.principal == Principal(user, session: session))
        #expect(shown.principal?.username == "alice" && shown.principal?.sessionExpires == session.expiresAt)
        #expect(shown.principal?.sessionExpiresIfUnused == Date(timeIntervalSince1970: 30))
    }

    @Test func everyCredentialFailureReadsTheSame() {
        presenter.presentLogin(response: .invalidCredentials)
        #expect(
            display.logins == [
                .failure(LatchkeyError(message: "Invalid username or password.", kind: .notAuthenticated))
            ])
    }

    @Test func aBusyDatabaseIsATemporaryFailure() {
        presenter.presentLogin(response: .unavailable(.databaseBusy))
        #expect(
            display.logins == [
                .failure(LatchkeyError(message: "The database is busy. Try again in a moment.", kind: .busy))
            ])
    }
}
