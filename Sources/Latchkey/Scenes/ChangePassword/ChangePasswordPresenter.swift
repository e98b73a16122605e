/// Turns a password change outcome into what a display shows.
public final class ChangePasswordPresenter: ScenePresenter<any ChangePasswordDisplayLogic>,
    ChangePasswordPresentationLogic
{
    public func presentPasswordChange(response: ChangePassword.Update.Response) {
        display?.displayPasswordChange(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: ChangePassword.Update.Response) -> ChangePassword.Update.ViewModel {
        switch response {
        case .changed(0): .changed(message: "Password changed.")
        case .changed(1): .changed(message: "Password changed. 1 other session was signed out.")
        case .changed(let count): .changed(message: "Password changed. \(count) other sessions were signed out.")
        case .sessionRefused(let problem): .failed(.session(problem))
        case .invalidCredentials:
            .failed(FailureViewModel(message: "The current password is wrong.", kind: .notAuthenticated))
        case .throttled: .failed(.throttled)
        case .rejected(let rejection):
            .failed(
                FailureViewModel(message: PasswordText.explain(rejection), kind: .invalidInput, code: .weakPassword))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }
}
