/// The assembled Register scene, held by its display.
public struct RegisterScene {
    public let interactor: any RegisterBusinessLogic
}

extension SceneFactory {
    /// Assembles the Register scene around `display`.
    public func makeRegisterScene(display: any RegisterDisplayLogic) -> RegisterScene {
        RegisterScene(interactor: RegisterInteractor(presenter: RegisterPresenter(display: display), workers: workers))
    }
}
