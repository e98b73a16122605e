/// Turns a profile into the card a display shows, with the phone masked.
public final class WhoAmIPresenter: ScenePresenter<any WhoAmIDisplayLogic>, WhoAmIPresentationLogic {
    public func presentProfile(response: WhoAmI.Profile.Response) {
        display?.displayProfile(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: WhoAmI.Profile.Response) -> WhoAmI.Profile.ViewModel {
        switch response {
        case .signedIn(let user, let session): .card(ProfileCard(user, session: session))
        case .signedInWithAccessToken(let user, _): .card(ProfileCard(user, session: nil))
        case .sessionRefused(let problem): .failed(.session(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }
}
