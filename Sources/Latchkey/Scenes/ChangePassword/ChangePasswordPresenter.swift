/// Turns a password change outcome into what a display shows.
package final class ChangePasswordPresenter: ScenePresenter<any ChangePasswordDisplayLogic>,
    ChangePasswordPresentationLogic
{
    package func presentPasswordChange(response: ChangePassword.Update.Response) {
        display?.displayPasswordChange(viewModel: Self.viewModel(for: response))
    }

    private static func sessionsEnded(_ count: Int) -> String {
        switch count {
        case 0: ""
        case 1: " 1 other session was signed out."
        default: " \(count) other sessions were signed out."
        }
    }

    static func viewModel(for response: ChangePassword.Update.Response) -> ChangePassword.Update.ViewModel {
        switch response {
        case .changed(let ended, let revoked, let kept):
            .changed(
                message: "Password changed." + Self.sessionsEnded(ended) + AccessTokenText.revoked(revoked)
                    + AccessTokenText.kept(kept),
                sessionsEnded: ended, accessTokensRevoked: revoked, accessTokensKept: kept)
        case .sessionRefused(let problem): .failed(.session(problem))
        case .invalidCredentials:
            .failed(LatchkeyError(message: "The current password is wrong.", kind: .notAuthenticated))
        case .throttled: .failed(.throttled)
        case .rejected(let rejection):
            .failed(
                LatchkeyError(message: PasswordText.explain(rejection), kind: .invalidInput, code: .weakPassword))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }
}
