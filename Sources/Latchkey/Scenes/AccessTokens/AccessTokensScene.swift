/// The assembled AccessTokens scene, held by its display.
public struct AccessTokensScene {
    public let interactor: any AccessTokensBusinessLogic
}

extension SceneFactory {
    /// Assembles the AccessTokens scene around `display`.
    public func makeAccessTokensScene(display: any AccessTokensDisplayLogic) -> AccessTokensScene {
        AccessTokensScene(
            interactor: AccessTokensInteractor(presenter: AccessTokensPresenter(display: display), workers: workers))
    }
}
