/// The Admin scene: the operator's view of the user base, and the actions on one account. Authority
/// comes from access to the database, as with Django's `manage.py` (every action is audited with the
/// operator's operating-system user), or from a session whose user holds the `admin` role (a server's
/// administrator: checked in the transaction that acts, and audited with that account).
public enum Admin {
    /// The role that lets a signed-in user administer other accounts.
    public static let role = "admin"

    /// Who asks: an operator with access to the database, or a signed-in administrator.
    public enum Authority: Sendable, Hashable {
        case `operator`(AuthEvent.Operator)
        case session(SessionToken)
    }

    /// Why a signed-in user's admin request was refused.
    public enum AccessProblem: Error, Sendable, Hashable {
        case session(SessionProblem)
        /// Signed in without the `admin` role.
        case forbidden
    }

    /// An account as an operator sees it.
    public struct Account: Sendable, Hashable {
        public let profile: UserProfile
        public let isDisabled: Bool
        public let isLocked: Bool
        public let passwordChangeRequired: Bool
        /// The scheme of an imported hash its user has not yet signed in with (`bcrypt`, …).
        public var importedScheme: String? = nil
    }

    /// Why an admin request names no account.
    public enum AccountProblem: Error, Sendable, Hashable {
        case invalidUsername(Username.Problem)
        case noSuchUser
    }

    public enum ListUsers {
        /// Optional text to find in names and emails, and how many to list.
        public struct Request: Sendable {
            public var search: String?
            public var limit: Int
            /// A signed-in administrator's session; nil for an operator with access to the database.
            public var session: SessionToken?

            /// A request for at most `limit` accounts matching `search`.
            public init(search: String? = nil, limit: Int = 100, session: SessionToken? = nil) {
                self.search = search
                self.limit = limit
                self.session = session
            }
        }

        /// The outcome, for the presenter.
        public enum Response: Sendable, Hashable {
            case users([Account])
            case refused(AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the accounts, email and phone masked, or the presenter's failure.
        public typealias ViewModel = Result<[AccountSummary], LatchkeyError>
    }

    public enum ShowUser {
        /// The account's username.
        public struct Request: Sendable {
            public var username: String
            /// A signed-in administrator's session; nil for an operator with access to the database.
            public var session: SessionToken?

            /// A request for the account `username`.
            public init(username: String, session: SessionToken? = nil) {
                self.username = username
                self.session = session
            }
        }

        /// The outcome, for the presenter.
        public enum Response: Sendable, Hashable {
            case account(Account, sessions: [SessionInfo], events: [AuthEvent], tokens: [AccessTokenInfo] = [])
            case rejected(AccountProblem)
            case refused(AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the account with its sessions, tokens and events, or the
        /// presenter's failure.
        public typealias ViewModel = Result<AccountDetail, LatchkeyError>
    }

    public enum Act {
        /// What to do to an account.
        public enum Action: Sendable, Hashable {
            /// Refuse every sign-in and end every session.
            case disable
            case enable
            /// Clear the throttle of the name.
            case unlock
            /// The next sign-in leads only to changing the password.
            case expirePassword
            /// Erase the account; its audit events keep a pseudonym.
            case delete
            /// Set a password (through the rules) and end every session.
            case setPassword(String)
            /// Add and remove roles.
            case roles(add: [String], remove: [String])
            /// Remove the second factor and its recovery codes (a user who lost both).
            case resetSecondFactor
            /// Revokes one of the user's personal access tokens by its short id.
            case revokeToken(id: String)
        }

        /// The account, the action, and who asks.
        public struct Request: Sendable {
            public var username: String
            public var action: Action
            public var authority: Authority

            /// A request to apply `action` to `username`, on behalf of the operator `actor`.
            public init(username: String, action: Action, actor: AuthEvent.Operator) {
                self.init(username: username, action: action, authority: .operator(actor))
            }

            /// A request to apply `action` to `username`, as whoever `authority` names.
            public init(username: String, action: Action, authority: Authority) {
                self.username = username
                self.action = action
                self.authority = authority
            }
        }

        /// The outcome, for the presenter.
        public enum Response: Sendable, Hashable {
            case disabled(username: String, sessionsEnded: Int)
            case enabled(username: String)
            case unlocked(username: String)
            case passwordExpired(username: String)
            case deleted(username: String)
            /// Set: every session ended and every access token was revoked (how many of each).
            case passwordSet(username: String, sessionsEnded: Int, accessTokensRevoked: Int = 0)
            case roles(username: String, roles: [String])
            case secondFactorReset(username: String)
            case tokenRevoked(username: String, token: String)
            /// The user has no live token with that id.
            case noSuchToken(username: String)
            case rejected(AccountProblem)
            case refused(AccessProblem)
            case invalidRole(String)
            case passwordRejected(PasswordRejection)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: what the action did, or the presenter's failure.
        public typealias ViewModel = Result<AdministrationResult, LatchkeyError>
    }
}

extension Admin.ListUsers.Response: ServiceResponse {}
extension Admin.ShowUser.Response: ServiceResponse {}
extension Admin.Act.Response: ServiceResponse {}

/// What the Admin interactor does for a display.
public protocol AdminBusinessLogic: AnyObject {
    /// Lists accounts.
    func listUsers(request: Admin.ListUsers.Request)
    /// Shows one account with its live sessions and last events.
    func showUser(request: Admin.ShowUser.Request)
    /// Applies an action to one account.
    func act(request: Admin.Act.Request)
}

/// How the Admin presenter is reached.
public protocol AdminPresentationLogic: AnyObject {
    func presentUsers(response: Admin.ListUsers.Response)
    func presentUser(response: Admin.ShowUser.Response)
    func presentAction(response: Admin.Act.Response)
}

/// What a display of the Admin scene implements.
public protocol AdminDisplayLogic: AnyObject {
    func displayUsers(viewModel: Admin.ListUsers.ViewModel)
    func displayUser(viewModel: Admin.ShowUser.ViewModel)
    func displayAction(viewModel: Admin.Act.ViewModel)
}
