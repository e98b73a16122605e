/// Turns an issued invitation into what the display shows, or the failure's wording.
package final class InvitePresenter: ScenePresenter<any InviteDisplayLogic>, InvitePresentationLogic {
    package func presentIssued(response: Invite.Issue.Response) {
        let viewModel: Invite.Issue.ViewModel =
            switch response {
            case .issued(let invitation): .success(invitation)
            case .invalidRole(let role):
                .failure(
                    LatchkeyError(
                        message: "Invalid role name: \(TerminalEscaping.escape(String(role.prefix(64)))).",
                        kind: .invalidInput))
            case .invalidEmail: .failure(LatchkeyError(message: FieldText.invalidEmail, kind: .invalidInput))
            case .tooLong(let maximum):
                .failure(
                    LatchkeyError(
                        message:
                            "An invitation lasts from 1 minute to \(maximum.wholeSeconds / 86_400) days.",
                        kind: .invalidInput))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayIssued(viewModel: viewModel)
    }
}

extension Reply: InviteDisplayLogic where ViewModel == Invite.Issue.ViewModel {
    func displayIssued(viewModel: Invite.Issue.ViewModel) { show(viewModel) }
}
