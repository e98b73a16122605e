/// The assembled Sessions scene, held by its display.
public struct SessionsScene {
    public let interactor: any SessionsBusinessLogic
}

extension SceneFactory {
    /// Assembles the Sessions scene around `display`.
    public func makeSessionsScene(display: any SessionsDisplayLogic) -> SessionsScene {
        SessionsScene(interactor: SessionsInteractor(presenter: SessionsPresenter(display: display), workers: workers))
    }
}
