/// The assembled SecondFactor scene, held by its display.
public struct SecondFactorScene {
    public let interactor: any SecondFactorBusinessLogic
}

extension SceneFactory {
    /// Assembles the SecondFactor scene around `display`.
    public func makeSecondFactorScene(display: any SecondFactorDisplayLogic) -> SecondFactorScene {
        SecondFactorScene(
            interactor: SecondFactorInteractor(presenter: SecondFactorPresenter(display: display), workers: workers))
    }
}
