/// Turns a sign-out outcome into the count of ended sessions every display shows.
package final class LogoutPresenter: ScenePresenter<any LogoutDisplayLogic>, LogoutPresentationLogic {
    package func presentLogout(response: Logout.SignOut.Response) {
        display?.displayLogout(viewModel: viewModel(for: response))
    }

    private func viewModel(for response: Logout.SignOut.Response) -> Logout.SignOut.ViewModel {
        switch response {
        case .signedOut(let count): .success(count)
        case .wasNotSignedIn: .success(0)
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }
}

extension Reply: LogoutDisplayLogic where ViewModel == Logout.SignOut.ViewModel {
    func displayLogout(viewModel: Logout.SignOut.ViewModel) { show(viewModel) }
}
