public import Foundation

/// The PasswordReset scene: a user who forgot the password asks for a one-time code (delivered by
/// the application), then sets a new password with it. The answer to a request is the same whether
/// or not the account exists; a reset never turns the second factor off.
public enum PasswordReset {
    public enum Begin {
        /// A username, or an email address (used only when verified).
        public struct Request: Sendable {
            public var account: String

            /// A reset for the account named (or addressed) by `account`.
            public init(account: String) {
                self.account = account
            }
        }

        public enum Response: Sendable, Hashable {
            /// Answered (a code went to the delivery when such an enabled account exists).
            case requested
            /// The installation has no delivery: nothing was looked up.
            case deliveryNotConfigured
            case unavailable(ServiceProblem)
        }

        public enum ViewModel: Sendable, Hashable {
            case requested(message: String)
            case failed(LatchkeyError)
        }
    }

    /// An operator makes a code to hand over (`latchkey admin reset-code`), with no delivery.
    public enum Issue {
        /// The account and the operator asking.
        public struct Request: Sendable {
            public var username: String
            public var actor: AuthEvent.Operator

            /// A code for `username`, made by `actor`.
            public init(username: String, actor: AuthEvent.Operator) {
                self.username = username
                self.actor = actor
            }
        }

        public enum Response: Sendable, Hashable {
            /// The code (a secret: shown once), replacing any earlier one.
            case issued(username: String, code: String, expiresAt: Date)
            case noSuchUser
            /// A disabled account gets no code: enable it first.
            case disabled(username: String)
            case unavailable(ServiceProblem)
        }

        public enum ViewModel: Sendable, Hashable {
            case issued(code: String, message: String, expires: String)
            case failed(LatchkeyError)
        }
    }

    public enum Complete {
        /// How the user proves the request was theirs.
        public enum Proof: Sendable, Hashable {
            /// The username and the typed code.
            case code(username: String, code: String)
            /// The link token from the message's URL.
            case link(token: String)
        }

        /// The proof and the new password.
        public struct Request: Sendable {
            public var proof: Proof
            public var newPassword: String

            /// A reset with `proof` to `newPassword`.
            public init(proof: Proof, newPassword: String) {
                self.proof = proof
                self.newPassword = newPassword
            }
        }

        public enum Response: Sendable, Hashable {
            /// Set: every session ended, and every access token was revoked (how many of each).
            case reset(username: String, sessionsEnded: Int, accessTokensRevoked: Int = 0)
            /// Wrong, used, replaced, expired or another user's code: one answer for all.
            case invalidCode
            case throttled
            case rejected(PasswordRejection)
            case unavailable(ServiceProblem)
        }

        public enum ViewModel: Sendable, Hashable {
            case reset(message: String)
            case failed(LatchkeyError)
        }
    }
}

extension PasswordReset.Begin.Response: ServiceResponse {}
extension PasswordReset.Complete.Response: ServiceResponse {}
extension PasswordReset.Issue.Response: ServiceResponse {}

/// What the PasswordReset interactor does for a display.
public protocol PasswordResetBusinessLogic: AnyObject {
    func beginReset(request: PasswordReset.Begin.Request)
    func completeReset(request: PasswordReset.Complete.Request)
    func issueCode(request: PasswordReset.Issue.Request)
}

/// How the PasswordReset presenter is reached.
public protocol PasswordResetPresentationLogic: AnyObject {
    func presentBegun(response: PasswordReset.Begin.Response)
    func presentCompleted(response: PasswordReset.Complete.Response)
    func presentIssued(response: PasswordReset.Issue.Response)
}

/// What a display of the PasswordReset scene implements.
public protocol PasswordResetDisplayLogic: AnyObject {
    func displayBegun(viewModel: PasswordReset.Begin.ViewModel)
    func displayCompleted(viewModel: PasswordReset.Complete.ViewModel)
    func displayIssued(viewModel: PasswordReset.Issue.ViewModel)
}
