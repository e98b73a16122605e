/// The Logout scene: a session, or all of a user's sessions, revoked.
package enum Logout {
    package enum SignOut {
        /// The token of the session to end; `everywhere` ends all of that user's sessions.
        package struct Request: Sendable {
            package var token: SessionToken?
            package var everywhere: Bool

            /// A request to end the session of `token` (and with `everywhere`, all of its user's).
            package init(token: SessionToken?, everywhere: Bool = false) {
                self.token = token
                self.everywhere = everywhere
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            case signedOut(sessionsEnded: Int)
            /// There was no live session to end: not an error.
            case wasNotSignedIn
            case unavailable(ServiceProblem)
        }

        /// What every display shows: how many sessions ended (0 when none was live), or the
        /// presenter's failure.
        package typealias ViewModel = Result<Int, LatchkeyError>
    }
}

extension Logout.SignOut.Response: ServiceResponse {}

/// What the Logout interactor does for a display.
package protocol LogoutBusinessLogic: AnyObject {
    /// Revokes the session (or sessions) and presents the outcome.
    func logout(request: Logout.SignOut.Request)
}

/// How the Logout presenter is reached.
package protocol LogoutPresentationLogic: AnyObject {
    /// Formats the outcome for the display.
    func presentLogout(response: Logout.SignOut.Response)
}

/// What a display of the Logout scene implements.
package protocol LogoutDisplayLogic: AnyObject {
    /// Shows the outcome.
    func displayLogout(viewModel: Logout.SignOut.ViewModel)
}
