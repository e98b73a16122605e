/// The assembled ChangePassword scene, held by its display.
package struct ChangePasswordScene {
    package let interactor: any ChangePasswordBusinessLogic
}

extension SceneFactory {
    /// Assembles the ChangePassword scene around `display`.
    package func makeChangePasswordScene(display: any ChangePasswordDisplayLogic) -> ChangePasswordScene {
        ChangePasswordScene(
            interactor: ChangePasswordInteractor(
                presenter: ChangePasswordPresenter(display: display), workers: workers, client: client)
        )
    }
}
