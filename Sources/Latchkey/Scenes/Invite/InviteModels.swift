/// The Invite scene: an operator issues an invitation code for registration by invitation only,
/// lists the invitations and revokes one not yet used. Listing and revoking are open to an operator
/// with access to the database and to a signed-in administrator (`Admin.role`), as the Admin scene is.
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

extension Invite {
    package enum List {
        /// Which invitations, and who asks.
        package struct Request: Sendable {
            /// Every invitation (used, expired and revoked too); else only those still usable.
            package var all: Bool
            /// A signed-in administrator's credential; nil for an operator with access to the database.
            package var credential: Admin.Credential?

            /// A request for the pending invitations, or with `all` for every one.
            package init(all: Bool = false, credential: Admin.Credential? = nil) {
                self.all = all
                self.credential = credential
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            /// The invitations, newest first, each with what became of it.
            case invitations([Listed])
            case refused(Admin.AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// One invitation and its state when it was read.
        package struct Listed: Sendable, Hashable {
            let record: InvitationRecord
            let state: InvitationSummary.State
        }

        /// What every display shows: the invitations (never a code), or the presenter's failure.
        package typealias ViewModel = Result<[InvitationSummary], LatchkeyError>
    }

    package enum Revoke {
        /// The invitation's number, and who asks.
        package struct Request: Sendable {
            /// The number the list shows (text, as typed: anything that is none names no invitation).
            package var id: String
            package var authority: Admin.Authority

            /// A request to revoke the invitation `id`, as whoever `authority` names.
            package init(id: String, authority: Admin.Authority) {
                self.id = id
                self.authority = authority
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            case revoked(id: Int64)
            /// No invitation has that number, or it was used or revoked already.
            case noSuchInvitation
            case refused(Admin.AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the revoked invitation's number, or the presenter's failure.
        package typealias ViewModel = Result<RevokedInvitation, LatchkeyError>
    }
}

extension Invite.Issue.Response: ServiceResponse {}
extension Invite.List.Response: ServiceResponse {}
extension Invite.Revoke.Response: ServiceResponse {}

/// What the Invite interactor does for a display.
package protocol InviteBusinessLogic: AnyObject {
    /// Checks the request, stores the invitation and presents its code.
    func issue(request: Invite.Issue.Request)
    /// Lists invitations, never their codes.
    func list(request: Invite.List.Request)
    /// Revokes an invitation that was not used, audited.
    func revoke(request: Invite.Revoke.Request)
}

/// How the Invite presenter is reached.
package protocol InvitePresentationLogic: AnyObject {
    func presentIssued(response: Invite.Issue.Response)
    func presentInvitations(response: Invite.List.Response)
    func presentRevoked(response: Invite.Revoke.Response)
}

/// What a display of the Invite scene implements.
package protocol InviteDisplayLogic: AnyObject {
    func displayIssued(viewModel: Invite.Issue.ViewModel)
    func displayInvitations(viewModel: Invite.List.ViewModel)
    func displayRevoked(viewModel: Invite.Revoke.ViewModel)
}
