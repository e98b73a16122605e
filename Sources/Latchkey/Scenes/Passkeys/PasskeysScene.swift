/// The assembled Passkeys scene, held by its display.
package struct PasskeysScene {
    package let interactor: any PasskeysBusinessLogic
}

extension SceneFactory {
    /// Assembles the Passkeys scene around `display`.
    package func makePasskeysScene(display: any PasskeysDisplayLogic) -> PasskeysScene {
        PasskeysScene(
            interactor: PasskeysInteractor(
                presenter: PasskeysPresenter(display: display), workers: workers, client: client))
    }
}
