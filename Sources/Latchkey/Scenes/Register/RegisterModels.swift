/// The Register scene: a new account from a username, a password and optional details.
public enum Register {
    public enum CreateAccount {
        /// What the display collected. The password is the raw input; it is never stored as given.
        public struct Request: Sendable {
            public var username: String
            public var password: String
            public var email: String?
            public var phone: String?
            public var displayName: String?

            /// A request with the fields the user typed.
            public init(
                username: String, password: String, email: String? = nil, phone: String? = nil,
                displayName: String? = nil
            ) {
                self.username = username
                self.password = password
                self.email = email
                self.phone = phone
                self.displayName = displayName
            }
        }

        /// The outcome, for the presenter.
        public enum Response: Sendable, Hashable {
            case registered(UserProfile)
            case rejected(Failure)
            case unavailable(ServiceProblem)
        }

        /// Why an account was not created.
        public enum Failure: Error, Sendable, Hashable {
            case usernameTaken
            case emailTaken
            case invalidUsername(Username.Problem)
            case invalidEmail
            case invalidPhone(reason: String)
            case invalidDisplayName
            case passwordRejected(PasswordRejection)
            /// The client's address registered too many accounts lately (or is blocked for failed
            /// sign-ins); nothing was hashed or stored.
            case throttled
        }

        /// What every display shows: the new account (no session: sign in next), or the
        /// presenter's failure.
        public typealias ViewModel = Result<Principal, LatchkeyError>
    }
}

extension Register.CreateAccount.Response: ServiceResponse {}

/// What the Register interactor does for a display.
public protocol RegisterBusinessLogic: AnyObject {
    /// Validates the request, creates the account and presents the outcome.
    func register(request: Register.CreateAccount.Request)
}

/// How the Register presenter is reached.
public protocol RegisterPresentationLogic: AnyObject {
    /// Formats the outcome for the display.
    func presentRegistration(response: Register.CreateAccount.Response)
}

/// What a display of the Register scene implements.
public protocol RegisterDisplayLogic: AnyObject {
    /// Shows the outcome.
    func displayRegistration(viewModel: Register.CreateAccount.ViewModel)
}
