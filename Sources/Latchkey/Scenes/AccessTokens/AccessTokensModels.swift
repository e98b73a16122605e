/// The AccessTokens scene: a signed-in user creates, lists and revokes personal access tokens for
/// scripts and services. Only a session may do this: a token cannot make or end tokens.
package enum AccessTokens {
    /// When a new access token stops working (the service's public input).
    package typealias Expiry = AccessTokenExpiry

    package enum Create {
        /// The session, and the new token's name, roles and expiry.
        package struct Request: Sendable {
            package var token: SessionToken?
            package var name: String
            package var roles: [String]
            package var expiry: Expiry

            /// A request for a token named `name` carrying `roles` (a subset of the user's).
            package init(token: SessionToken?, name: String, roles: [String] = [], expiry: Expiry = .policyDefault) {
                self.token = token
                self.name = name
                self.roles = roles
                self.expiry = expiry
            }
        }

        /// Why a token was not made.
        package enum Problem: Error, Sendable, Hashable {
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
        package enum Response: Sendable, Hashable {
            /// Made: `token` is shown this once.
            case created(AccessTokenInfo, token: AccessToken)
            case refused(Problem)
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the new token (its text this once) and what it is, or the
        /// presenter's failure.
        package typealias ViewModel = Result<CreatedAccessToken, LatchkeyError>
    }

    package enum List {
        /// The session whose user's tokens to list.
        package struct Request: Sendable {
            package var token: SessionToken?

            /// A request for the live tokens of the user of `token`.
            package init(token: SessionToken?) {
                self.token = token
            }
        }

        package enum Response: Sendable, Hashable {
            case tokens([AccessTokenInfo])
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the tokens that still work, newest first, or the presenter's failure.
        package typealias ViewModel = Result<[AccessTokenSummary], LatchkeyError>
    }

    package enum Revoke {
        /// The session, and the short id of one of its user's tokens.
        package struct Request: Sendable {
            package var token: SessionToken?
            package var id: String

            /// A request to revoke the user's token `id` (as `tokens list` shows it).
            package init(token: SessionToken?, id: String) {
                self.token = token
                self.id = id
            }
        }

        package enum Response: Sendable, Hashable {
            case revoked(AccessTokenInfo)
            /// No live token of this user has that id (another user's is as unknown as a wrong one).
            case noSuchToken
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the token revoked, or the presenter's failure.
        package typealias ViewModel = Result<AccessTokenSummary, LatchkeyError>
    }
}

extension AccessTokens.Create.Response: SessionScopedResponse {}
extension AccessTokens.List.Response: SessionScopedResponse {}
extension AccessTokens.Revoke.Response: SessionScopedResponse {}

/// What the AccessTokens interactor does for a display.
package protocol AccessTokensBusinessLogic: AnyObject {
    func createToken(request: AccessTokens.Create.Request)
    func fetchTokens(request: AccessTokens.List.Request)
    func revokeToken(request: AccessTokens.Revoke.Request)
}

/// How the AccessTokens presenter is reached.
package protocol AccessTokensPresentationLogic: AnyObject {
    func presentCreated(response: AccessTokens.Create.Response)
    func presentTokens(response: AccessTokens.List.Response)
    func presentRevocation(response: AccessTokens.Revoke.Response)
}

/// What a display of the AccessTokens scene implements.
package protocol AccessTokensDisplayLogic: AnyObject {
    func displayCreated(viewModel: AccessTokens.Create.ViewModel)
    func displayTokens(viewModel: AccessTokens.List.ViewModel)
    func displayRevocation(viewModel: AccessTokens.Revoke.ViewModel)
}
