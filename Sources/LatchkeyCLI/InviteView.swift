import Foundation
import Latchkey

/// Shows the Invite scene's view models: an issued code alone on standard output, the rest as a
/// message; the list as a table; a revocation as a message.
final class InviteView: CommandView, InviteDisplayLogic {
    /// Whether the list has a state column (`--all`).
    private let states: Bool

    init(json: Bool, states: Bool = false) {
        self.states = states
        super.init(json: json)
    }

    func displayIssued(viewModel: Invite.Issue.ViewModel) {
        switch viewModel {
        case .success(let invitation):
            let roles = invitation.roles.isEmpty ? "" : " with the roles \(invitation.roles.joined(separator: ", "))"
            let email = invitation.email.map { " for \(TerminalEscaping.escape($0))" } ?? ""
            let message =
                "Invitation\(email)\(roles), valid until \(DateText.format(invitation.expires)) for one "
                + "registration: hand it over privately."
            show(message: message, json: invitation, text: invitation.code)
        case .failure(let failure): record(failure)
        }
    }

    func displayInvitations(viewModel: Invite.List.ViewModel) {
        switch viewModel {
        case .success(let invitations):
            let empty = states ? "No invitations." : "No pending invitations."
            show(
                message: nil, json: JSONOutput.Invitations(invitations: invitations),
                text: invitations.isEmpty ? empty : table(invitations))
        case .failure(let failure): record(failure)
        }
    }

    func displayRevoked(viewModel: Invite.Revoke.ViewModel) {
        switch viewModel {
        case .success(let revoked):
            let message = "Revoked invitation \(revoked.id): its code no longer works."
            show(message: message, json: JSONOutput.InvitationRevoked(message: message, id: revoked.id), text: nil)
        case .failure(let failure): record(failure)
        }
    }

    /// One row per invitation under a header, columns padded to their widest cell.
    private func table(_ invitations: [InvitationSummary]) -> String {
        var header = ["ID", "CREATED", "EXPIRES", "EMAIL", "ROLES", "CREATED BY"]
        if states { header.append("STATE") }
        let rows =
            [header]
            + invitations.map { invitation in
                var row = [
                    String(invitation.id), DateText.format(invitation.created), DateText.format(invitation.expires),
                    invitation.email.map(TerminalEscaping.escape) ?? "-",
                    invitation.roles.isEmpty ? "-" : invitation.roles.joined(separator: ","),
                    TerminalEscaping.escape(invitation.createdBy),
                ]
                if states { row.append(Self.state(invitation)) }
                return row
            }
        return TextTable.render(rows)
    }

    /// The state, with when it happened and, for a used one, the account it made.
    private static func state(_ invitation: InvitationSummary) -> String {
        switch invitation.state {
        case .pending: "pending"
        case .expired: "expired"
        case .used:
            "used" + (invitation.used.map { " \(DateText.format($0))" } ?? "")
                + (invitation.usedBy.map { " by \(TerminalEscaping.escape($0))" } ?? "")
        case .revoked: "revoked" + (invitation.revoked.map { " \(DateText.format($0))" } ?? "")
        }
    }
}
