/// The assembled History scene, held by its display.
package struct HistoryScene {
    package let interactor: any HistoryBusinessLogic
}

extension SceneFactory {
    /// Assembles the History scene around `display`.
    package func makeHistoryScene(display: any HistoryDisplayLogic) -> HistoryScene {
        HistoryScene(
            interactor: HistoryInteractor(
                presenter: HistoryPresenter(display: display), workers: workers, client: client))
    }
}
