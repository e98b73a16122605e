/// The Admin scene: the operator's view of the user base, and the actions on one account. Authority
/// comes from access to the database, as with Django's `manage.py` (every action is audited with the
/// operator's operating-system user), or from a session or access token whose user holds the `admin`
/// role (a server's administrator: checked in the transaction that acts, and audited with that account).
package enum Admin {
    /// The role that lets a signed-in user administer other accounts.
    package static let role = "admin"

    /// Who asks: an operator with access to the database, or a signed-in administrator.
    package enum Authority: Sendable, Hashable {
        case `operator`(AuthEvent.Operator)
        case signedIn(Credential)
    }

    /// How a signed-in administrator proves who they are: a session, or a personal access token that
    /// carries the `admin` role (its user must hold the role too, now).
    package enum Credential: Sendable, Hashable {
        case session(SessionToken)
        case accessToken(AccessToken)
    }

    /// Why a signed-in user's admin request was refused.
    package enum AccessProblem: Error, Sendable, Hashable {
        case session(SessionProblem)
        /// Signed in without the `admin` role.
        case forbidden
    }

    /// An account as an operator sees it.
    package struct Account: Sendable, Hashable {
        package let profile: UserProfile
        package let isDisabled: Bool
        package let isLocked: Bool
        package let passwordChangeRequired: Bool
        /// The scheme of an imported hash its user has not yet signed in with (`bcrypt`, …).
        package var importedScheme: String? = nil
    }

    /// Why an admin request names no account.
    package enum AccountProblem: Error, Sendable, Hashable {
        case invalidUsername(Username.Problem)
        case noSuchUser
    }

    package enum ListUsers {
        /// Optional text to find in names and emails, and how many to list.
        package struct Request: Sendable {
            package var search: String?
            package var limit: Int
            /// A signed-in administrator's credential; nil for an operator with access to the database.
            package var credential: Credential?

            /// A request for at most `limit` accounts matching `search`.
            package init(search: String? = nil, limit: Int = 100, credential: Credential? = nil) {
                self.search = search
                self.limit = limit
                self.credential = credential
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            case users([Account])
            case refused(AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the accounts, email and phone masked, or the presenter's failure.
        package typealias ViewModel = Result<[AccountSummary], LatchkeyError>
    }

    package enum ShowUser {
        /// The account's username.
        package struct Request: Sendable {
            package var username: String
            /// A signed-in administrator's credential; nil for an operator with access to the database.
            package var credential: Credential?

            /// A request for the account `username`.
            package init(username: String, credential: Credential? = nil) {
                self.username = username
                self.credential = credential
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            case account(
                Account, sessions: [SessionInfo], events: [AuthEvent], tokens: [AccessTokenInfo] = [],
                passkeys: [StoredPasskey] = [])
            case rejected(AccountProblem)
            case refused(AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the account with its sessions, tokens, passkeys and events, or the
        /// presenter's failure.
        package typealias ViewModel = Result<AccountDetail, LatchkeyError>
    }

    package enum Act {
        /// What an operator does to one account (the service's public input).
        package typealias Action = AdministrativeAction

        /// The account, the action, and who asks.
        package struct Request: Sendable {
            package var username: String
            package var action: Action
            package var authority: Authority

            /// A request to apply `action` to `username`, on behalf of the operator `actor`.
            package init(username: String, action: Action, actor: AuthEvent.Operator) {
                self.init(username: username, action: action, authority: .operator(actor))
            }

            /// A request to apply `action` to `username`, as whoever `authority` names.
            package init(username: String, action: Action, authority: Authority) {
                self.username = username
                self.action = action
                self.authority = authority
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
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
            /// The passkey removed (its name).
            case passkeyRevoked(username: String, passkey: String)
            /// Every live session of the account ended (`count` of them).
            case sessionsEnded(username: String, count: Int)
            /// The user has no passkey with that id.
            case noSuchPasskey(username: String)
            case rejected(AccountProblem)
            case refused(AccessProblem)
            case invalidRole(String)
            case passwordRejected(PasswordRejection)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: what the action did, or the presenter's failure.
        package typealias ViewModel = Result<AdministrationResult, LatchkeyError>
    }
}

extension Admin.ListUsers.Response: ServiceResponse {}
extension Admin.ShowUser.Response: ServiceResponse {}
extension Admin.Act.Response: ServiceResponse {}

/// What the Admin interactor does for a display.
package protocol AdminBusinessLogic: AnyObject {
    /// Lists accounts.
    func listUsers(request: Admin.ListUsers.Request)
    /// Shows one account with its live sessions and last events.
    func showUser(request: Admin.ShowUser.Request)
    /// Applies an action to one account.
    func act(request: Admin.Act.Request)
}

/// How the Admin presenter is reached.
package protocol AdminPresentationLogic: AnyObject {
    func presentUsers(response: Admin.ListUsers.Response)
    func presentUser(response: Admin.ShowUser.Response)
    func presentAction(response: Admin.Act.Response)
}

/// What a display of the Admin scene implements.
package protocol AdminDisplayLogic: AnyObject {
    func displayUsers(viewModel: Admin.ListUsers.ViewModel)
    func displayUser(viewModel: Admin.ShowUser.ViewModel)
    func displayAction(viewModel: Admin.Act.ViewModel)
}
