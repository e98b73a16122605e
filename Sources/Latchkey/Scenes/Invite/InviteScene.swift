/// The assembled Invite scene, held by its display.
package struct InviteScene {
    package let interactor: any InviteBusinessLogic
}

extension SceneFactory {
    /// Assembles the Invite scene around `display`.
    package func makeInviteScene(display: any InviteDisplayLogic) -> InviteScene {
        InviteScene(
            interactor: InviteInteractor(presenter: InvitePresenter(display: display), workers: workers, client: client)
        )
    }
}
