import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct WhoAmIPresenterTests {
    let display = DisplayLogicSpy()
    let presenter = WhoAmIPresenter()

    init() {
        presenter.display = display
    }

    @Test func theProfileHasTheTimesAsDatesAndTheMaskedPhone() throws {
        let user = UserProfile(
            id: 7, username: "alice", email: "alice@example.com", phone: try PhoneNumber("+1 212 555 0134"),
            displayName: "Alice", createdAt: Date(timeIntervalSince1970: 1_790_000_000),
            previousLoginAt: Date(timeIntervalSince1970: 1_790_003_600))
        let session = SessionInfo(
            id: 3, createdAt: Date(timeIntervalSince1970: 1_790_007_200),
            expiresAt: Date(timeIntervalSince1970: 1_792_599_200),
            lastUsedAt: Date(timeIntervalSince1970: 1_790_007_200), idleTimeout: .seconds(7 * 24 * 3600))
        presenter.presentProfile(response: .signedIn(user: user, session: session))
        let profile = try #require((display.profiles.last)?.shown, "no profile")
        #expect(profile.userID == 7 && profile.username == "alice" && profile.credential == .session)
        #expect(profile.displayName == "Alice")
        #expect(profile.email == "alice@example.com")
        #expect(profile.phone == "+1 (•••) •••-••34")
        #expect(profile.memberSince == user.createdAt)
        #expect(profile.lastSignIn == user.previousLoginAt)
        #expect(profile.sessionExpires == session.expiresAt)
        #expect(profile.sessionExpiresIfUnused == Date(timeIntervalSince1970: 1_790_007_200 + 7 * 24 * 3600))
        #expect(profile.session == session.shortID)
    }

    @Test func anAbsentPhoneIsShownAsAbsentNotAsAnEmptyMask() throws {
        let user = UserProfile(
            id: 7, username: "bob", email: nil, phone: nil, displayName: nil, createdAt: Date(timeIntervalSince1970: 0),
            previousLoginAt: nil)
        presenter.presentProfile(
            response: .signedIn(
                user: user,
                session: SessionInfo(
                    id: 1, createdAt: .init(timeIntervalSince1970: 0), expiresAt: .init(timeIntervalSince1970: 1),
                    lastUsedAt: .init(timeIntervalSince1970: 0), idleTimeout: .seconds(60))))
        let profile = try #require((display.profiles.last)?.shown, "no profile")
        #expect(profile.phone == nil)
        #expect(profile.lastSignIn == nil)
    }

    @Test func noSessionAndAnExpiredOneHaveTheirOwnMessages() {
        presenter.presentProfile(response: .sessionRefused(.notSignedIn))
        presenter.presentProfile(response: .sessionRefused(.expired))
        #expect(
            display.profiles == [
                .failure(LatchkeyError.notSignedIn),
                .failure(LatchkeyError.sessionExpired),
            ])
    }
}
