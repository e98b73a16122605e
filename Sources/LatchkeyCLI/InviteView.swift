import Latchkey

/// Shows the Invite scene's view model: the code alone on standard output, the rest as a message.
final class InviteView: CommandView, InviteDisplayLogic {
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
}
