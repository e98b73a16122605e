/// The AccessTokens scene: a signed-in user creates, lists and revokes personal access tokens for
/// scripts and services. Only a session may do this: a token cannot make or end tokens.
public enum AccessTokens {
    /// When a new token stops working.
    public enum Expiry: Sendable, Hashable {
        /// The policy's `accessTokenLifetime` (90 days), or its maximum if that is shorter.
        case policyDefault
        /// This long after creation (within the policy's maximum).
        case after(Duration)
        /// Never (only where the policy sets no maximum).
        case never
    }

    public enum Create {
        /// The session, and the new token's name, roles and expiry.
        public struct Request: Sendable {
            public var token: SessionToken?
            public var name: String
            public var roles: [String]
            public var expiry: Expiry

            /// A request for a token named `name` carrying `roles` (a subset of the user's).
            public init(token: SessionToken?, name: String, roles: [String] = [], expiry: Expiry = .policyDefault) {
                self.token = token
                self.name = name
                self.roles = roles
                self.expiry = expiry
            }
        }

        /// Why a token was not made.
        public enum Refusal: Error, Sendable, Hashable {
            /// The name is empty, longer than 64 characters, or holds control characters.
            case invalidName
            /// A role name breaks the role rules.
            case invalidRole(String)
            /// The user does not hold this role.
            case roleNotHeld(String)
            /// The expiry is not positive, or beyond the policy's maximum.
            case expiryBeyondPolicy(maximumDays: Int?)
        }

        /// The outcome, for the presenter.
        public enum Response: Sendable, Hashable {
            /// Made: `token` is shown this once.
            case created(AccessTokenInfo, token: AccessToken)
            case refused(Refusal)
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the new token (its text this once) and what it is, or the
        /// presenter's failure.
        public typealias ViewModel = Result<CreatedAccessToken, LatchkeyError>
    }

    public enum List {
        /// The session whose user's tokens to list.
        public struct Request: Sendable {
            public var token: SessionToken?

            /// A request for the live tokens of the user of `token`.
            public init(token: SessionToken?) {
                self.token = token
            }
        }

        public enum Response: Sendable, Hashable {
            case tokens([AccessTokenInfo])
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the tokens that still work, newest first, or the presenter's failure.
        public typealias ViewModel = Result<[AccessTokenSummary], LatchkeyError>
    }

    public enum Revoke {
        /// The session, and the short id of one of its user's tokens.
        public struct Request: Sendable {
            public var token: SessionToken?
            public var id: String

            /// A request to revoke the user's token `id` (as `tokens list` shows it).
            public init(token: SessionToken?, id: String) {
                self.token = token
                self.id = id
            }
        }

        public enum Response: Sendable, Hashable {
            case revoked(AccessTokenInfo)
            /// No live token of this user has that id (another user's is as unknown as a wrong one).
            case noSuchToken
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the token revoked, or the presenter's failure.
        public typealias ViewModel = Result<AccessTokenSummary, LatchkeyError>
    }
}

extension AccessTokens.Create.Response: SessionScopedResponse {}
extension AccessTokens.List.Response: SessionScopedResponse {}
extension AccessTokens.Revoke.Response: SessionScopedResponse {}

/// What the AccessTokens interactor does for a display.
public protocol AccessTokensBusinessLogic: AnyObject {
    func createToken(request: AccessTokens.Create.Request)
    func fetchTokens(request: AccessTokens.List.Request)
    func revokeToken(request: AccessTokens.Revoke.Request)
}

/// How the AccessTokens presenter is reached.
public protocol AccessTokensPresentationLogic: AnyObject {
    func presentCreated(response: AccessTokens.Create.Response)
    func presentTokens(response: AccessTokens.List.Response)
    func presentRevocation(response: AccessTokens.Revoke.Response)
}

/// What a display of the AccessTokens scene implements.
public protocol AccessTokensDisplayLogic: AnyObject {
    func displayCreated(viewModel: AccessTokens.Create.ViewModel)
    func displayTokens(viewModel: AccessTokens.List.ViewModel)
    func displayRevocation(viewModel: AccessTokens.Revoke.ViewModel)
}

extension AccessTokens.Expiry {
    /// Reads `never` or a whole number with a unit: `45m`, `12h`, `90d`, `8w` (the CLI's
    /// `--expires-in` and the server's `expires_in`); nil for anything else.
    public init?(_ text: String) {
        if text == "never" {
            self = .never
            return
        }
        let seconds: Int64
        switch text.last {
        case "m": seconds = 60
        case "h": seconds = 3_600
        case "d": seconds = 86_400
        case "w": seconds = 7 * 86_400
        default: return nil
        }
        let digits = text.dropLast()
        guard (1...6).contains(digits.count), digits.allSatisfy(\.isASCII), let count = Int64(digits), count > 0 else {
            return nil
        }
        self = .after(.seconds(count * seconds))
    }
}
