/// Turns an authorization answer into the principal every display shows, or the refusal.
package final class AuthorizePresenter: ScenePresenter<any AuthorizeDisplayLogic>, AuthorizePresentationLogic {
    package func presentCheck(response: Authorize.Check.Response) {
        display?.displayCheck(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: Authorize.Check.Response) -> Authorize.Check.ViewModel {
        switch response {
        case .allowed(let user, .session): .success(Principal(user, session: nil))
        case .allowed(let user, .accessToken): .success(Principal(user, accessToken: nil))
        case .forbidden, .invalidRole: .failure(LatchkeyError(message: "You may not do this.", kind: .forbidden))
        case .sessionRefused(let problem): .failure(.session(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }
}

extension Reply: AuthorizeDisplayLogic where ViewModel == Authorize.Check.ViewModel {
    func displayCheck(viewModel: Authorize.Check.ViewModel) { show(viewModel) }
}
