/// Turns a password change outcome into the result every display shows.
package final class ChangePasswordPresenter: ScenePresenter<any ChangePasswordDisplayLogic>,
    ChangePasswordPresentationLogic
{
    package func presentPasswordChange(response: ChangePassword.Update.Response) {
        display?.displayPasswordChange(viewModel: viewModel(for: response))
    }

    private func viewModel(for response: ChangePassword.Update.Response) -> ChangePassword.Update.ViewModel {
        switch response {
        case .changed(let ended, let revoked, let kept):
            .success(
                PasswordChangeResult(otherSessionsEnded: ended, accessTokensRevoked: revoked, accessTokensKept: kept))
        case .sessionRefused(let problem): .failure(.session(problem))
        case .invalidCredentials:
            .failure(LatchkeyError(message: "The current password is wrong.", kind: .notAuthenticated))
        case .throttled(let wait): .failure(.throttled(retryAfter: wait))
        case .rejected(let rejection):
            .failure(
                LatchkeyError(message: PasswordText.explain(rejection), kind: .invalidInput, code: .weakPassword))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }
}

extension Reply: ChangePasswordDisplayLogic where ViewModel == ChangePassword.Update.ViewModel {
    func displayPasswordChange(viewModel: ChangePassword.Update.ViewModel) { show(viewModel) }
}
