/// The assembled EditProfile scene, held by its display.
public struct EditProfileScene {
    public let interactor: any EditProfileBusinessLogic
}

extension SceneFactory {
    /// Assembles the EditProfile scene around `display`.
    public func makeEditProfileScene(display: any EditProfileDisplayLogic) -> EditProfileScene {
        EditProfileScene(
            interactor: EditProfileInteractor(presenter: EditProfilePresenter(display: display), workers: workers))
    }
}
