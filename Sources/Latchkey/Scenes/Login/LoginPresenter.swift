/// Turns a sign-in outcome into what a display shows.
public final class LoginPresenter: ScenePresenter<any LoginDisplayLogic>, LoginPresentationLogic {
    public func presentLogin(response: Login.Authenticate.Response) {
        display?.displayLogin(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: Login.Authenticate.Response) -> Login.Authenticate.ViewModel {
        switch response {
        case .signedIn(let user, _, let token): .signedIn(message: "Signed in as \(user.username).", token: token)
        case .passwordChangeRequired(let user, _, let token):
            .passwordChangeRequired(
                message: "Signed in as \(user.username). A new password is required before anything else: "
                    + "change it now.", token: token)
        case .secondFactorRequired(let challenge):
            .secondFactorRequired(
                message: "Enter the code from your authenticator app (or a recovery code).", challenge: challenge)
        case .invalidLabel: .failed(FailureViewModel(message: FieldText.invalidLabel, kind: .invalidInput))
        case .invalidCredentials: .failed(.invalidCredentials)
        case .throttled: .failed(.throttled)
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }
}
