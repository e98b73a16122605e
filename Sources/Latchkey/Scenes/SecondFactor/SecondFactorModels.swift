/// The SecondFactor scene: turning TOTP on (enroll, then confirm with a first code), off, and
/// replacing the recovery codes. Each asks for the password again; turning off and replacing codes
/// also ask for a code (or a recovery code).
public enum SecondFactor {
    /// What the signed-in user asks for.
    public enum Action: Sendable, Hashable {
        /// A new secret, pending until confirmed (replaces an unconfirmed one).
        case enroll(password: String)
        /// Turns the pending factor on with a first code; answers the recovery codes.
        case confirm(code: String)
        case disable(password: String, code: String)
        case replaceRecoveryCodes(password: String, code: String)
    }

    public enum Change {
        /// The session's token and the action.
        public struct Request: Sendable {
            public var token: SessionToken?
            public var action: Action

            /// A request to apply `action` for the user of `token`.
            public init(token: SessionToken?, action: Action) {
                self.token = token
                self.action = action
            }
        }

        /// The outcome, for the presenter.
        public enum Response: Sendable, Hashable {
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
            case throttled
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: where the second factor stands, with what to show once, or
        /// the presenter's failure.
        public typealias ViewModel = Result<SecondFactorResult, LatchkeyError>
    }
}

extension SecondFactor.Change.Response: SessionScopedResponse {}

/// What the SecondFactor interactor does for a display.
public protocol SecondFactorBusinessLogic: AnyObject {
    func change(request: SecondFactor.Change.Request)
}

/// How the SecondFactor presenter is reached.
public protocol SecondFactorPresentationLogic: AnyObject {
    func presentChange(response: SecondFactor.Change.Response)
}

/// What a display of the SecondFactor scene implements.
public protocol SecondFactorDisplayLogic: AnyObject {
    func displayChange(viewModel: SecondFactor.Change.ViewModel)
}
