/// The Authorize scene: may the holder of a session token act in a role? One request, one answer,
/// for the embedding tool that guards its own actions.
package enum Authorize {
    package enum Check {
        /// The token and the roles asked for.
        package struct Request: Sendable {
            package var token: SessionToken?
            /// A personal access token, checked instead of `token` when set.
            package var accessToken: AccessToken?
            /// Every role the holder must have (all of them; none asks only for a live credential).
            package var roles: [String]

            /// A request: may the user of `token` act as `role`?
            package init(token: SessionToken?, role: String) {
                self.init(token: token, roles: [role])
            }

            /// A request: may the user of `token` act in every one of `roles`?
            package init(token: SessionToken?, roles: [String]) {
                self.token = token
                self.roles = roles
            }

            /// A request: may `accessToken` act as `role` (a role it carries that its user holds)?
            package init(accessToken: AccessToken?, role: String) {
                self.init(accessToken: accessToken, roles: [role])
            }

            /// A request: may `accessToken` act in every one of `roles` (each carried by the token and
            /// held by its user)?
            package init(accessToken: AccessToken?, roles: [String]) {
                self.accessToken = accessToken
                self.roles = roles
            }
        }

        /// The outcome, for the presenter (and for a caller that wants no presenter).
        package enum Response: Sendable, Hashable {
            case allowed(UserProfile, credential: Principal.Credential)
            /// Signed in, without a role asked for.
            case forbidden(UserProfile)
            /// A role's name breaks the rules; no such role can exist.
            case invalidRole
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: who may act (without their session's details, which the
        /// check does not read), or the presenter's failure (`forbidden` for a missing role).
        package typealias ViewModel = Result<Principal, LatchkeyError>
    }
}

extension Authorize.Check.Response: SessionScopedResponse {}

/// What the Authorize interactor does for a display.
package protocol AuthorizeBusinessLogic: AnyObject {
    /// Answers whether the user of the token has the role.
    func check(request: Authorize.Check.Request)
}

/// How the Authorize presenter is reached.
package protocol AuthorizePresentationLogic: AnyObject {
    func presentCheck(response: Authorize.Check.Response)
}

/// What a display of the Authorize scene implements.
package protocol AuthorizeDisplayLogic: AnyObject {
    func displayCheck(viewModel: Authorize.Check.ViewModel)
}
