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

    package func presentInvitations(response: Invite.List.Response) {
        let viewModel: Invite.List.ViewModel =
            switch response {
            case .invitations(let listed): .success(listed.map { InvitationSummary($0.record, state: $0.state) })
            case .refused(let problem): .failure(AdminPresenter.failure(problem))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayInvitations(viewModel: viewModel)
    }

    package func presentRevoked(response: Invite.Revoke.Response) {
        let viewModel: Invite.Revoke.ViewModel =
            switch response {
            case .revoked(let id): .success(RevokedInvitation(revoked: true, id: id))
            case .noSuchInvitation:
                .failure(
                    LatchkeyError(
                        message: "No unused invitation has that number.", kind: .invalidInput, code: .notFound))
            case .refused(let problem): .failure(AdminPresenter.failure(problem))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayRevoked(viewModel: viewModel)
    }
}

/// The scene shows three kinds of result: the service's display keeps the one its call awaits.
extension Reply: InviteDisplayLogic {
    func displayIssued(viewModel: Invite.Issue.ViewModel) { show(any: viewModel) }
    func displayInvitations(viewModel: Invite.List.ViewModel) { show(any: viewModel) }
    func displayRevoked(viewModel: Invite.Revoke.ViewModel) { show(any: viewModel) }
}
