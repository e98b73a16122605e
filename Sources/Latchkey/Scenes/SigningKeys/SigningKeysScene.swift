/// The assembled SigningKeys scene, held by its display.
package struct SigningKeysScene {
    package let interactor: any SigningKeysBusinessLogic
}

extension SceneFactory {
    /// Assembles the SigningKeys scene around `display`.
    package func makeSigningKeysScene(display: any SigningKeysDisplayLogic) -> SigningKeysScene {
        SigningKeysScene(
            interactor: SigningKeysInteractor(
                presenter: SigningKeysPresenter(display: display), workers: workers, client: client))
    }
}
