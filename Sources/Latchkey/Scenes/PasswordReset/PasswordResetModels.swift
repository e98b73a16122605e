package import Foundation

/// The PasswordReset scene: a user who forgot the password asks for a one-time code (delivered by
/// the application), then sets a new password with it. The answer to a request is the same whether
/// or not the account exists; a reset never turns the second factor off.
package enum PasswordReset {
    package enum Begin {
        /// A username, or an email address (used only when verified).
        package struct Request: Sendable {
            package var account: String

            /// A reset for the account named (or addressed) by `account`.
            package init(account: String) {
                self.account = account
            }
        }

        package enum Response: Sendable, Hashable {
            /// Answered (a code went to the delivery when such an enabled account exists).
            case requested
            /// The installation has no delivery: nothing was looked up.
            case deliveryNotConfigured
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the one wording of every request's answer, whatever the
        /// account, or the presenter's failure.
        package typealias ViewModel = Result<String, LatchkeyError>
    }

    /// An operator makes a code to hand over (`latchkey admin reset-code`), with no delivery.
    package enum Issue {
        /// The account, and the operator or signed-in administrator asking.
        package struct Request: Sendable {
            package var username: String
            package var authority: Admin.Authority

            /// A code for `username`, made by the operator `actor`.
            package init(username: String, actor: AuthEvent.Operator) {
                self.username = username
                self.authority = .operator(actor)
            }

            /// A code for `username`, asked for by `authority` (an administrator is checked in the
            /// write that makes the code).
            package init(username: String, authority: Admin.Authority) {
                self.username = username
                self.authority = authority
            }
        }

        package enum Response: Sendable, Hashable {
            /// The code (a secret: shown once), replacing any earlier one.
            case issued(username: String, code: String, expiresAt: Date)
            case noSuchUser
            /// A disabled account gets no code: enable it first.
            case disabled(username: String)
            /// The credential does not administer.
            case refused(Admin.AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What the display shows: the code to hand over, or the presenter's failure.
        package typealias ViewModel = Result<IssuedResetCode, LatchkeyError>
    }

    package enum Complete {
        /// How the user proves the request was theirs.
        package enum Proof: Sendable, Hashable {
            /// The username and the typed code.
            case code(username: String, code: String)
            /// The link token from the message's URL.
            case link(token: String)
        }

        /// The proof and the new password.
        package struct Request: Sendable {
            package var proof: Proof
            package var newPassword: String

            /// A reset with `proof` to `newPassword`.
            package init(proof: Proof, newPassword: String) {
                self.proof = proof
                self.newPassword = newPassword
            }
        }

        package enum Response: Sendable, Hashable {
            /// Set: every session ended, and every access token was revoked (how many of each).
            case reset(username: String, sessionsEnded: Int, accessTokensRevoked: Int = 0)
            /// Wrong, used, replaced, expired or another user's code: one answer for all.
            case invalidCode
            /// Too many failures for the name, for as long as its lock has left.
            case throttled(retryAfter: Duration)
            case rejected(PasswordRejection)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: what the reset ended, or the presenter's failure.
        package typealias ViewModel = Result<PasswordResetResult, LatchkeyError>
    }
}

extension PasswordReset.Begin.Response: ServiceResponse {}
extension PasswordReset.Complete.Response: ServiceResponse {}
extension PasswordReset.Issue.Response: ServiceResponse {}

/// What the PasswordReset interactor does for a display.
package protocol PasswordResetBusinessLogic: AnyObject {
    func beginReset(request: PasswordReset.Begin.Request)
    func completeReset(request: PasswordReset.Complete.Request)
    func issueCode(request: PasswordReset.Issue.Request)
}

/// How the PasswordReset presenter is reached.
package protocol PasswordResetPresentationLogic: AnyObject {
    func presentBegun(response: PasswordReset.Begin.Response)
    func presentCompleted(response: PasswordReset.Complete.Response)
    func presentIssued(response: PasswordReset.Issue.Response)
}

/// What a display of the PasswordReset scene implements.
package protocol PasswordResetDisplayLogic: AnyObject {
    func displayBegun(viewModel: PasswordReset.Begin.ViewModel)
    func displayCompleted(viewModel: PasswordReset.Complete.ViewModel)
    func displayIssued(viewModel: PasswordReset.Issue.ViewModel)
}
