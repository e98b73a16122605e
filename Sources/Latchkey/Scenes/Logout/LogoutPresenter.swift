/// Turns a sign-out outcome into what a display shows.
public final class LogoutPresenter: ScenePresenter<any LogoutDisplayLogic>, LogoutPresentationLogic {
    public func presentLogout(response: Logout.SignOut.Response) {
        display?.displayLogout(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: Logout.SignOut.Response) -> Logout.SignOut.ViewModel {
        switch response {
        case .signedOut(1): .signedOut(message: "Signed out.")
        case .signedOut(let count): .signedOut(message: "Signed out of \(count) sessions.")
        case .wasNotSignedIn: .signedOut(message: "Not signed in.")
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }
}
