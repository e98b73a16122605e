/// The ChangePassword scene: the current password and a new one; the user's other sessions end,
/// and the access tokens too unless the user keeps them.
package enum ChangePassword {
    package enum Update {
        /// The session's token, the current password and the new one, as typed.
        package struct Request: Sendable {
            package var token: SessionToken?
            package var currentPassword: String
            package var newPassword: String
            /// Whether the user's access tokens are revoked with the change (a thief may have made
            /// some in a stolen session); false keeps the ones scripts use.
            package var revokeTokens: Bool

            /// A request to replace `currentPassword` with `newPassword` for the session of `token`,
            /// revoking the user's access tokens unless `revokeTokens` is false.
            package init(token: SessionToken?, currentPassword: String, newPassword: String, revokeTokens: Bool = true)
            {
                self.token = token
                self.currentPassword = currentPassword
                self.newPassword = newPassword
                self.revokeTokens = revokeTokens
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            /// Changed: the other sessions ended; the access tokens were revoked, or kept when the
            /// request said so (how many of each).
            case changed(otherSessionsEnded: Int, accessTokensRevoked: Int = 0, accessTokensKept: Int = 0)
            case sessionRefused(SessionProblem)
            /// The current password was wrong.
            case invalidCredentials
            /// Refused by the throttle, for as long as the lock has left.
            case throttled(retryAfter: Duration)
            case rejected(PasswordRejection)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: what the change ended and kept, or the presenter's failure.
        package typealias ViewModel = Result<PasswordChangeResult, LatchkeyError>
    }
}

extension ChangePassword.Update.Response: SessionScopedResponse {}

/// What the ChangePassword interactor does for a display.
package protocol ChangePasswordBusinessLogic: AnyObject {
    /// Checks the current password and the new one, stores it and ends the other sessions.
    func changePassword(request: ChangePassword.Update.Request)
}

/// How the ChangePassword presenter is reached.
package protocol ChangePasswordPresentationLogic: AnyObject {
    /// Shows the outcome to the display.
    func presentPasswordChange(response: ChangePassword.Update.Response)
}

/// What a display of the ChangePassword scene implements.
package protocol ChangePasswordDisplayLogic: AnyObject {
    /// Shows the outcome.
    func displayPasswordChange(viewModel: ChangePassword.Update.ViewModel)
}
