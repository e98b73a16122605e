/// The assembled History scene, held by its display.
public struct HistoryScene {
    public let interactor: any HistoryBusinessLogic
}

extension SceneFactory {
    /// Assembles the History scene around `display`.
    public func makeHistoryScene(display: any HistoryDisplayLogic) -> HistoryScene {
        HistoryScene(interactor: HistoryInteractor(presenter: HistoryPresenter(display: display), workers: workers))
    }
}
