/// The assembled Admin scene, held by its display.
package struct AdminScene {
    package let interactor: any AdminBusinessLogic
}

extension SceneFactory {
    /// Assembles the Admin scene around `display`.
    package func makeAdminScene(display: any AdminDisplayLogic) -> AdminScene {
        AdminScene(
            interactor: AdminInteractor(presenter: AdminPresenter(display: display), workers: workers, client: client))
    }
}
