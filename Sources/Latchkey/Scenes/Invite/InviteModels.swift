/// The Invite scene: an operator issues an invitation code for registration by invitation only.
package enum Invite {
    package enum Issue {
        /// What the invitation grants and who issues it.
        package struct Request: Sendable {
            /// Roles the new account gets.
            package var roles: [String]
            /// How long the code lasts; the policy's `invitationLifetime` when nil.
            package var expiresIn: Duration?
            /// The one email address allowed to register with it, if any.
            package var email: String?
            package var actor: AuthEvent.Operator

            /// An invitation made by `actor`.
            package init(
                roles: [String] = [], expiresIn: Duration? = nil, email: String? = nil, actor: AuthEvent.Operator
            ) {
                self.roles = roles
                self.expiresIn = expiresIn
                self.email = email
                self.actor = actor
            }
        }

        package enum Response: Sendable, Hashable {
            /// The code (a secret: shown once).
            case issued(IssuedInvitation)
            case invalidRole(String)
            case invalidEmail
            /// Longer than the policy's `maximumInvitationLifetime`.
            case tooLong(maximum: Duration)
            case unavailable(ServiceProblem)
        }

        /// What the display shows: the code to hand over, or the presenter's failure.
        package typealias ViewModel = Result<IssuedInvitation, LatchkeyError>
    }
}

extension Invite.Issue.Response: ServiceResponse {}

/// What the Invite interactor does for a display.
package protocol InviteBusinessLogic: AnyObject {
    /// Checks the request, stores the invitation and presents its code.
    func issue(request: Invite.Issue.Request)
}

/// How the Invite presenter is reached.
package protocol InvitePresentationLogic: AnyObject {
    func presentIssued(response: Invite.Issue.Response)
}

/// What a display of the Invite scene implements.
package protocol InviteDisplayLogic: AnyObject {
    func displayIssued(viewModel: Invite.Issue.ViewModel)
}
