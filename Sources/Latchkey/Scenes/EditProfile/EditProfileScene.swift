/// The assembled EditProfile scene, held by its display.
package struct EditProfileScene {
    package let interactor: any EditProfileBusinessLogic
}

extension SceneFactory {
    /// Assembles the EditProfile scene around `display`.
    package func makeEditProfileScene(display: any EditProfileDisplayLogic) -> EditProfileScene {
        EditProfileScene(
            interactor: EditProfileInteractor(
                presenter: EditProfilePresenter(display: display), workers: workers, client: client))
    }
}
