import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct LogoutPresenterTests {
    @Test func eachOutcomeIsShownAsTheSessionsItEnded() {
        let display = DisplayLogicSpy()
        let presenter = LogoutPresenter()
        presenter.display = display
        presenter.presentLogout(response: .signedOut(sessionsEnded: 1))
        presenter.presentLogout(response: .signedOut(sessionsEnded: 3))
        presenter.presentLogout(response: .wasNotSignedIn)
        presenter.presentLogout(response: .unavailable(.storage("disk I/O error")))
        #expect(
            display.logouts == [
                .success(1), .success(3), .success(0),
                .failure(LatchkeyError(message: "Storage error: disk I/O error", kind: .storage)),
            ])
    }
}
