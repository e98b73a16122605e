/// The assembled PasswordReset scene, held by its display.
package struct PasswordResetScene {
    package let interactor: any PasswordResetBusinessLogic
}

extension SceneFactory {
    /// Assembles the PasswordReset scene around `display`.
    package func makePasswordResetScene(display: any PasswordResetDisplayLogic) -> PasswordResetScene {
        PasswordResetScene(
            interactor: PasswordResetInteractor(
                presenter: PasswordResetPresenter(display: display), workers: workers, client: client))
    }
}
