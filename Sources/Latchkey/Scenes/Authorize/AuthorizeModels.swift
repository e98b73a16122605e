/// The Authorize scene: may the holder of a session token act in a role? One request, one answer,
/// for the embedding tool that guards its own actions.
public enum Authorize {
    public enum Check {
        /// The token and the role asked for.
        public struct Request: Sendable {
            public var token: SessionToken?
            /// A personal access token, checked instead of `token` when set.
            public var accessToken: AccessToken?
            public var role: String

            /// A request: may the user of `token` act as `role`?
            public init(token: SessionToken?, role: String) {
                self.token = token
                self.role = role
            }

            /// A request: may `accessToken` act as `role` (a role it carries that its user holds)?
            public init(accessToken: AccessToken?, role: String) {
                self.accessToken = accessToken
                self.role = role
            }
        }

        /// The outcome, for the presenter (and for a caller that wants no presenter).
        public enum Response: Sendable, Hashable {
            case allowed(UserProfile)
            /// Signed in, without the role.
            case forbidden(UserProfile)
            /// The role's name breaks the rules; no such role can exist.
            case invalidRole
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What the display shows.
        public enum ViewModel: Sendable, Hashable {
            case allowed(username: String)
            case failed(FailureViewModel)
        }
    }
}

extension Authorize.Check.Response: SessionScopedResponse {}

/// What the Authorize interactor does for a display.
public protocol AuthorizeBusinessLogic: AnyObject {
    /// Answers whether the user of the token has the role.
    func check(request: Authorize.Check.Request)
}

/// How the Authorize presenter is reached.
public protocol AuthorizePresentationLogic: AnyObject {
    func presentCheck(response: Authorize.Check.Response)
}

/// What a display of the Authorize scene implements.
public protocol AuthorizeDisplayLogic: AnyObject {
    func displayCheck(viewModel: Authorize.Check.ViewModel)
}
