/// The Register scene: a new account from a username, a password and optional details.
package enum Register {
    package enum CreateAccount {
        /// What the display collected. The password is the raw input; it is never stored as given.
        package struct Request: Sendable {
            package var username: String
            package var password: String
            package var email: String?
            package var phone: String?
            package var displayName: String?
            /// An invitation code (`latchkey admin invite`): used up by the registration, whose
            /// account gets the invitation's roles. Nil: none given.
            package var invitation: String?

            /// A request with the fields the user typed.
            package init(
                username: String, password: String, email: String? = nil, phone: String? = nil,
                displayName: String? = nil, invitation: String? = nil
            ) {
                self.username = username
                self.password = password
                self.email = email
                self.phone = phone
                self.displayName = displayName
                self.invitation = invitation
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            case registered(UserProfile)
            case rejected(Problem)
            case unavailable(ServiceProblem)
        }

        /// Why an account was not created.
        package enum Problem: Error, Sendable, Hashable {
            case usernameTaken
            case emailTaken
            case invalidUsername(Username.Problem)
            case invalidEmail
            case invalidPhone(reason: String)
            case invalidDisplayName
            case passwordRejected(PasswordRejection)
            /// The client's address registered too many accounts lately (or is blocked for failed
            /// sign-ins), for as long as its lock has left; nothing was hashed or stored.
            case throttled(retryAfter: Duration)
            /// The invitation code cannot be used (why, for the message); nothing was hashed or stored.
            case invitationRefused(InvitationRefusal)
        }

        /// Why an invitation code was refused.
        package enum InvitationRefusal: Sendable, Hashable {
            /// No invitation was given where one is required.
            case missing
            /// Not a code Latchkey issued (or mistyped).
            case unknown
            case used
            case expired
            /// The invitation names another email address than the registration's.
            case emailMismatch
        }

        /// What every display shows: the new account (no session: sign in next), or the
        /// presenter's failure.
        package typealias ViewModel = Result<Principal, LatchkeyError>
    }
}

extension Register.CreateAccount.Response: ServiceResponse {}

/// What the Register interactor does for a display.
package protocol RegisterBusinessLogic: AnyObject {
    /// Validates the request, creates the account and presents the outcome.
    func register(request: Register.CreateAccount.Request)
}

/// How the Register presenter is reached.
package protocol RegisterPresentationLogic: AnyObject {
    /// Formats the outcome for the display.
    func presentRegistration(response: Register.CreateAccount.Response)
}

/// What a display of the Register scene implements.
package protocol RegisterDisplayLogic: AnyObject {
    /// Shows the outcome.
    func displayRegistration(viewModel: Register.CreateAccount.ViewModel)
}
