/// The SecondFactor scene: turning TOTP on (enroll, then confirm with a first code), off, and
/// replacing the recovery codes. Each asks for the password again; turning off and replacing codes
/// also ask for a code (or a recovery code).
package enum SecondFactor {
    /// What a signed-in user does to their second factor (the service's public input).
    package typealias Action = SecondFactorAction

    package enum Change {
        /// The session's token and the action.
        package struct Request: Sendable {
            package var token: SessionToken?
            package var action: Action

            /// A request to apply `action` for the user of `token`.
            package init(token: SessionToken?, action: Action) {
                self.token = token
                self.action = action
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            /// Enrolled: the URI for the authenticator app (and its secret for typing by hand).
            case pending(uri: String, secret: String)
            /// On; the recovery codes, shown this once.
            case enabled(recoveryCodes: [String])
            case disabled
            case recoveryCodes([String])
            /// Enroll while on: turn it off first.
            case alreadyOn
            /// Confirm with nothing enrolled, or disable / replace codes while off.
            case notOn
            /// A wrong password or code (one answer for both, like sign-in).
            case invalidCredentials
            /// Refused by the throttle, for as long as the lock has left.
            case throttled(retryAfter: Duration)
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: where the second factor stands, with what to show once, or
        /// the presenter's failure.
        package typealias ViewModel = Result<SecondFactorResult, LatchkeyError>
    }
}

extension SecondFactor.Change.Response: SessionScopedResponse {}

/// What the SecondFactor interactor does for a display.
package protocol SecondFactorBusinessLogic: AnyObject {
    func change(request: SecondFactor.Change.Request)
}

/// How the SecondFactor presenter is reached.
package protocol SecondFactorPresentationLogic: AnyObject {
    func presentChange(response: SecondFactor.Change.Response)
}

/// What a display of the SecondFactor scene implements.
package protocol SecondFactorDisplayLogic: AnyObject {
    func displayChange(viewModel: SecondFactor.Change.ViewModel)
}
