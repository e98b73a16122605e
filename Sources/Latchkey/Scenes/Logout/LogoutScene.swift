/// The assembled Logout scene, held by its display.
public struct LogoutScene {
    public let interactor: any LogoutBusinessLogic
}

extension SceneFactory {
    /// Assembles the Logout scene around `display`.
    public func makeLogoutScene(display: any LogoutDisplayLogic) -> LogoutScene {
        LogoutScene(interactor: LogoutInteractor(presenter: LogoutPresenter(display: display), workers: workers))
    }
}
