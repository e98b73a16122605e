/// Turns a profile into the principal every display shows, with the phone masked.
package final class WhoAmIPresenter: ScenePresenter<any WhoAmIDisplayLogic>, WhoAmIPresentationLogic {
    package func presentProfile(response: WhoAmI.Profile.Response) {
        display?.displayProfile(viewModel: viewModel(for: response))
    }

    private func viewModel(for response: WhoAmI.Profile.Response) -> WhoAmI.Profile.ViewModel {
        switch response {
        case .signedIn(let user, let session): .success(Principal(user, session: session))
        case .signedInWithAccessToken(let user, let token): .success(Principal(user, accessToken: token))
        case .sessionRefused(let problem): .failure(.session(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }
}

extension Reply: WhoAmIDisplayLogic where ViewModel == WhoAmI.Profile.ViewModel {
    func displayProfile(viewModel: WhoAmI.Profile.ViewModel) { show(viewModel) }
}
