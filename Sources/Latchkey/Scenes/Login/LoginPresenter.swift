/// Turns a sign-in outcome into the result every display shows.
package final class LoginPresenter: ScenePresenter<any LoginDisplayLogic>, LoginPresentationLogic {
    package func presentLogin(response: Login.Authenticate.Response) {
        display?.displayLogin(viewModel: viewModel(for: response))
    }

    private func viewModel(for response: Login.Authenticate.Response) -> Login.Authenticate.ViewModel {
        switch response {
        case .signedIn(let user, let session, let token):
            .success(SignInResult(status: .signedIn, token: token, principal: Principal(user, session: session)))
        case .passwordChangeRequired(let user, let session, let token):
            .success(
                SignInResult(
                    status: .passwordChangeRequired, token: token, principal: Principal(user, session: session)))
        case .secondFactorRequired(let challenge): .success(SignInResult(challenge: challenge))
        case .invalidLabel: .failure(LatchkeyError(message: FieldText.invalidLabel, kind: .invalidInput))
        case .invalidCredentials: .failure(.invalidCredentials)
        case .throttled(let wait): .failure(.throttled(retryAfter: wait))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }
}

extension Reply: LoginDisplayLogic where ViewModel == Login.Authenticate.ViewModel {
    func displayLogin(viewModel: Login.Authenticate.ViewModel) { show(viewModel) }
}
