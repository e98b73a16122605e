/// Invitations for a signed-in user holding the `admin` role (`Admin.role`), through a session or an
/// access token that carries the role, checked in the transaction that reads or acts. Issuing stays
/// the operator's (`latchkey admin invite`): a code is a secret an administrator hands over
/// privately, never something a route answers.
extension LatchkeyService {
    /// The invitations still usable, newest first; with `all`, used, expired and revoked ones too,
    /// each with its state. Never a code.
    public func invitations(token: String, all: Bool = false) async throws(LatchkeyError) -> [InvitationSummary] {
        try await logged("admin_invitations") { () async throws(LatchkeyError) in
            let request = Invite.List.Request(all: all, credential: try Self.credential(token))
            return try await show(on: database, nil) { scenes, display in
                scenes.makeInviteScene(display: display).interactor.list(request: request)
            }
        }
    }

    /// Revokes the unused invitation numbered `id` (as `invitations` shows it): its code then fails
    /// registration exactly as an unknown code does. Audited with the administrator as the actor.
    /// An unknown number, or an invitation used or revoked already, is `not_found`.
    public func revokeInvitation(
        token: String, id: String, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> RevokedInvitation {
        try await logged("admin_revoke_invitation") { () async throws(LatchkeyError) in
            let request = Invite.Revoke.Request(id: id, authority: .signedIn(try Self.credential(token)))
            return try await show(on: database, client) { scenes, display in
                scenes.makeInviteScene(display: display).interactor.revoke(request: request)
            }
        }
    }
}
