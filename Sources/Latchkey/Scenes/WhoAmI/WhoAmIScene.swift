/// The assembled WhoAmI scene, held by its display.
public struct WhoAmIScene {
    public let interactor: any WhoAmIBusinessLogic & WhoAmIDataStore
}

extension SceneFactory {
    /// Assembles the WhoAmI scene around `display`.
    public func makeWhoAmIScene(display: any WhoAmIDisplayLogic) -> WhoAmIScene {
        WhoAmIScene(interactor: WhoAmIInteractor(presenter: WhoAmIPresenter(display: display), workers: workers))
    }
}
