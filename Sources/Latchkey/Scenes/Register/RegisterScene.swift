/// The assembled Register scene, held by its display.
package struct RegisterScene {
    package let interactor: any RegisterBusinessLogic
}

extension SceneFactory {
    /// Assembles the Register scene around `display`.
    package func makeRegisterScene(display: any RegisterDisplayLogic) -> RegisterScene {
        RegisterScene(
            interactor: RegisterInteractor(
                presenter: RegisterPresenter(display: display), workers: workers, client: client))
    }
}
