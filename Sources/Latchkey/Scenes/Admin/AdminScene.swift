/// The assembled Admin scene, held by its display.
public struct AdminScene {
    public let interactor: any AdminBusinessLogic
}

extension SceneFactory {
    /// Assembles the Admin scene around `display`.
    public func makeAdminScene(display: any AdminDisplayLogic) -> AdminScene {
        AdminScene(interactor: AdminInteractor(presenter: AdminPresenter(display: display), workers: workers))
    }
}
