/// Turns sessions into the summaries, and revocations into the counts, every display shows.
package final class SessionsPresenter: ScenePresenter<any SessionsDisplayLogic>, SessionsPresentationLogic {
    package func presentSessions(response: Sessions.List.Response) {
        display?.displaySessions(viewModel: viewModel(for: response))
    }

    package func presentRevocation(response: Sessions.Revoke.Response) {
        display?.displayRevocation(viewModel: viewModel(for: response))
    }

    private func viewModel(for response: Sessions.List.Response) -> Sessions.List.ViewModel {
        switch response {
        case .sessions(let items): .success(items.map(SessionSummary.init))
        case .sessionRefused(let problem): .failure(.session(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }

    private func viewModel(for response: Sessions.Revoke.Response) -> Sessions.Revoke.ViewModel {
        switch response {
        case .revoked(let count, let current):
            .success(SessionRevocation(sessionsEnded: count, includedCurrent: current))
        case .noSuchSession: .failure(LatchkeyError(message: "No session of yours has that id.", kind: .invalidInput))
        case .sessionRefused(let problem): .failure(.session(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }
}

// A Reply awaits one of the scene's two ViewModels (a conformance cannot be made twice, one per
// ViewModel): it keeps the one its call asked for; the other would leave the call unanswered.
extension Reply: SessionsDisplayLogic {
    func displaySessions(viewModel: Sessions.List.ViewModel) {
        if let viewModel = viewModel as? ViewModel { show(viewModel) }
    }

    func displayRevocation(viewModel: Sessions.Revoke.ViewModel) {
        if let viewModel = viewModel as? ViewModel { show(viewModel) }
    }
}
