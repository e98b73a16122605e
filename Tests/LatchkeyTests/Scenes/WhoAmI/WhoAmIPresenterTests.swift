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

    @Test func theCardHasFormattedTimesAndTheMaskedPhone() throws {
        let user = UserProfile(
            id: 7, username: "alice", email: "alice@example.com", phone: try PhoneNumber("+1 212 555 0134"),
            displayName: "Alice", createdAt: Date(timeIntervalSince1970: 1_790_000_000),
            previousLoginAt: Date(timeIntervalSince1970: 1_790_003_600))
        let session = SessionInfo(
            id: 3, createdAt: Date(timeIntervalSince1970: 1_790_007_200),
            expiresAt: Date(timeIntervalSince1970: 1_792_599_200),
            lastUsedAt: Date(timeIntervalSince1970: 1_790_007_200))
        presenter.presentProfile(response: .signedIn(user: user, session: session))
        let card = try #require((display.profiles.last)?.card, "no card")
        #expect(card.username == "alice")
        #expect(card.displayName == "Alice")
        #expect(card.email == "alice@example.com")
        #expect(card.maskedPhone == "+1 (•••) •••-••34")
        #expect(card.memberSince == "2026-09-21 14:13 UTC")
        #expect(card.lastSignIn == "2026-09-21 15:13 UTC")
        #expect(card.sessionExpires == "2026-10-21 16:13 UTC")
        #expect(card.memberSinceISO8601 == "2026-09-21T14:13:20Z")
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
                    lastUsedAt: .init(timeIntervalSince1970: 0))))
        let card = try #require((display.profiles.last)?.card, "no card")
        #expect(card.maskedPhone == nil)
        #expect(card.lastSignIn == nil)
    }

    @Test func noSessionAndAnExpiredOneHaveTheirOwnMessages() {
        presenter.presentProfile(response: .sessionRefused(.notSignedIn))
        presenter.presentProfile(response: .sessionRefused(.expired))
        #expect(
            display.profiles == [
                .failed(FailureViewModel.notSignedIn),
                .failed(FailureViewModel.sessionExpired),
            ])
    }
}
