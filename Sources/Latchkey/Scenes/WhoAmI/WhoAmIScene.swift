/// The assembled WhoAmI scene, held by its display.
package struct WhoAmIScene {
    package let interactor: any WhoAmIBusinessLogic & WhoAmIDataStore
}

extension SceneFactory {
    /// Assembles the WhoAmI scene around `display`.
    package func makeWhoAmIScene(display: any WhoAmIDisplayLogic) -> WhoAmIScene {
        WhoAmIScene(
            interactor: WhoAmIInteractor(presenter: WhoAmIPresenter(display: display), workers: workers, client: client)
        )
    }
}
