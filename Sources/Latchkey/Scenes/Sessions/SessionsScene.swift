/// The assembled Sessions scene, held by its display.
package struct SessionsScene {
    package let interactor: any SessionsBusinessLogic
}

extension SceneFactory {
    /// Assembles the Sessions scene around `display`.
    package func makeSessionsScene(display: any SessionsDisplayLogic) -> SessionsScene {
        SessionsScene(
            interactor: SessionsInteractor(
                presenter: SessionsPresenter(display: display), workers: workers, client: client))
    }
}
