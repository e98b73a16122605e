/// The assembled Logout scene, held by its display.
public struct LogoutScene {
    public let interactor: any LogoutBusinessLogic
}

extension SceneFactory {
    /// Assembles the Logout scene around `display`.
    public func makeLogoutScene(display: any LogoutDisplayLogic) -> LogoutScene {
        let presenter = LogoutPresenter()
        presenter.display = display
        return LogoutScene(interactor: LogoutInteractor(presenter: presenter, workers: workers))
    }
}
