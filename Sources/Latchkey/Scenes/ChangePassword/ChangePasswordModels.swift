/// The ChangePassword scene: the current password and a new one; the user's other sessions end.
public enum ChangePassword {
    public enum Update {
        /// The session's token, the current password and the new one, as typed.
        public struct Request: Sendable {
            public var token: SessionToken?
            public var currentPassword: String
            public var newPassword: String

            /// A request to replace `currentPassword` with `newPassword` for the session of `token`.
            public init(token: SessionToken?, currentPassword: String, newPassword: String) {
                self.token = token
                self.currentPassword = currentPassword
                self.newPassword = newPassword
            }
        }

        /// The outcome, for the presenter.
        public enum Response: Sendable, Hashable {
            /// Changed: the other sessions ended; the user's access tokens go on working (a script's
            /// credential is not the password), and how many is said.
            case changed(otherSessionsEnded: Int, accessTokensKept: Int = 0)
            case sessionRefused(SessionProblem)
            /// The current password was wrong.
            case invalidCredentials
            case throttled
            case rejected(PasswordRejection)
            case unavailable(ServiceProblem)
        }

        /// What the display shows.
        public enum ViewModel: Sendable, Hashable {
            case changed(message: String)
            case failed(FailureViewModel)
        }
    }
}

extension ChangePassword.Update.Response: SessionScopedResponse {}

/// What the ChangePassword interactor does for a display.
public protocol ChangePasswordBusinessLogic: AnyObject {
    /// Checks the current password and the new one, stores it and ends the other sessions.
    func changePassword(request: ChangePassword.Update.Request)
}

/// How the ChangePassword presenter is reached.
public protocol ChangePasswordPresentationLogic: AnyObject {
    /// Formats the outcome for the display.
    func presentPasswordChange(response: ChangePassword.Update.Response)
}

/// What a display of the ChangePassword scene implements.
public protocol ChangePasswordDisplayLogic: AnyObject {
    /// Shows the outcome.
    func displayPasswordChange(viewModel: ChangePassword.Update.ViewModel)
}
