/// The assembled AccessTokens scene, held by its display.
package struct AccessTokensScene {
    package let interactor: any AccessTokensBusinessLogic
}

extension SceneFactory {
    /// Assembles the AccessTokens scene around `display`.
    package func makeAccessTokensScene(display: any AccessTokensDisplayLogic) -> AccessTokensScene {
        AccessTokensScene(
            interactor: AccessTokensInteractor(
                presenter: AccessTokensPresenter(display: display), workers: workers, client: client))
    }
}
