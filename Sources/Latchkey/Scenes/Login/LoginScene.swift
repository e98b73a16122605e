/// The assembled Login scene, held by its display.
package struct LoginScene {
    package let interactor: any LoginBusinessLogic & LoginDataStore
    package let router: any LoginRoutingLogic & LoginDataPassing
}

extension SceneFactory {
    /// Assembles the Login scene around `display`.
    package func makeLoginScene(display: any LoginDisplayLogic) -> LoginScene {
        let interactor = LoginInteractor(presenter: LoginPresenter(display: display), workers: workers, client: client)
        let router = LoginRouter(dataStore: interactor) { [self] whoAmIDisplay in
            makeWhoAmIScene(display: whoAmIDisplay)
        }
        return LoginScene(interactor: interactor, router: router)
    }
}
