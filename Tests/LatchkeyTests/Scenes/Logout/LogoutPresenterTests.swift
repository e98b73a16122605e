import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite struct LogoutPresenterTests {
    @Test func eachOutcomeHasItsMessage() {
        let display = DisplayLogicSpy()
        let presenter = LogoutPresenter()
        presenter.display = display
        presenter.presentLogout(response: .signedOut(sessionsEnded: 1))
        presenter.presentLogout(response: .signedOut(sessionsEnded: 3))
        presenter.presentLogout(response: .wasNotSignedIn)
        presenter.presentLogout(response: .unavailable(.storage("disk I/O error")))
        #expect(
            display.logouts == [
                .signedOut(message: "Signed out."), .signedOut(message: "Signed out of 3 sessions."),
                .signedOut(message: "Not signed in."),
                .failed(FailureViewModel(message: "Storage error: disk I/O error", kind: .storage)),
            ])
    }
}
