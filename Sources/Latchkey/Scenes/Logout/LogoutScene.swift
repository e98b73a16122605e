/// The assembled Logout scene, held by its display.
package struct LogoutScene {
    package let interactor: any LogoutBusinessLogic
}

extension SceneFactory {
    /// Assembles the Logout scene around `display`.
    package func makeLogoutScene(display: any LogoutDisplayLogic) -> LogoutScene {
        LogoutScene(
            interactor: LogoutInteractor(presenter: LogoutPresenter(display: display), workers: workers, client: client)
        )
    }
}
