/// The assembled OpenID scene, held by its display.
package struct OpenIDScene {
    package let interactor: any OpenIDBusinessLogic
}

extension SceneFactory {
    /// Assembles the OpenID scene around `display`.
    package func makeOpenIDScene(display: any OpenIDDisplayLogic) -> OpenIDScene {
        OpenIDScene(
            interactor: OpenIDInteractor(presenter: OpenIDPresenter(display: display), workers: workers, client: client)
        )
    }
}
