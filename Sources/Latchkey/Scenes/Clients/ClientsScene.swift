/// The assembled Clients scene, held by its display.
package struct ClientsScene {
    package let interactor: any ClientsBusinessLogic
}

extension SceneFactory {
    /// Assembles the Clients scene around `display`.
    package func makeClientsScene(display: any ClientsDisplayLogic) -> ClientsScene {
        ClientsScene(
            interactor: ClientsInteractor(
                presenter: ClientsPresenter(display: display), workers: workers, client: client)
        )
    }
}
