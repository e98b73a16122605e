/// Turns a sign-out outcome into what a display shows.
public final class LogoutPresenter: LogoutPresentationLogic {
    /// Weak, as in Clean Swift: the display owns the scene.
    public weak var display: (any LogoutDisplayLogic)?

    /// A presenter with no display yet.
    public init() {}

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
