/// The assembled ChangePassword scene, held by its display.
public struct ChangePasswordScene {
    public let interactor: any ChangePasswordBusinessLogic
}

extension SceneFactory {
    /// Assembles the ChangePassword scene around `display`.
    public func makeChangePasswordScene(display: any ChangePasswordDisplayLogic) -> ChangePasswordScene {
        ChangePasswordScene(
            interactor: ChangePasswordInteractor(presenter: ChangePasswordPresenter(display: display), workers: workers)
        )
    }
}
