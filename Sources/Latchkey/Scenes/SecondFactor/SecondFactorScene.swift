/// The assembled SecondFactor scene, held by its display.
package struct SecondFactorScene {
    package let interactor: any SecondFactorBusinessLogic
}

extension SceneFactory {
    /// Assembles the SecondFactor scene around `display`.
    package func makeSecondFactorScene(display: any SecondFactorDisplayLogic) -> SecondFactorScene {
        SecondFactorScene(
            interactor: SecondFactorInteractor(
                presenter: SecondFactorPresenter(display: display), workers: workers, client: client))
    }
}
