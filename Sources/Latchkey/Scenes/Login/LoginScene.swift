/// The assembled Login scene, held by its display.
public struct LoginScene {
    public let interactor: any LoginBusinessLogic & LoginDataStore
    public let router: any LoginRoutingLogic & LoginDataPassing
}

extension SceneFactory {
    /// Assembles the Login scene around `display`.
    public func makeLoginScene(display: any LoginDisplayLogic) -> LoginScene {
        let interactor = LoginInteractor(presenter: LoginPresenter(display: display), workers: workers)
        let router = LoginRouter(dataStore: interactor) { [self] whoAmIDisplay in
            makeWhoAmIScene(display: whoAmIDisplay)
        }
        return LoginScene(interactor: interactor, router: router)
    }
}
