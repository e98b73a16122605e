/// The assembled History scene, held by its display.
public struct HistoryScene {
    public let interactor: any HistoryBusinessLogic
}

extension SceneFactory {
    /// Assembles the History scene around `display`.
    public func makeHistoryScene(display: any HistoryDisplayLogic) -> HistoryScene {
        let presenter = HistoryPresenter()
        presenter.display = display
        return HistoryScene(interactor: HistoryInteractor(presenter: presenter, workers: workers))
    }
}
