/// The assembled Authorize scene, held by its display.
package struct AuthorizeScene {
    package let interactor: any AuthorizeBusinessLogic
}

extension SceneFactory {
    /// Assembles the Authorize scene around `display`.
    package func makeAuthorizeScene(display: any AuthorizeDisplayLogic) -> AuthorizeScene {
        AuthorizeScene(
            interactor: AuthorizeInteractor(
                presenter: AuthorizePresenter(display: display), workers: workers, client: client))
    }

    /// One-line access check for an embedding tool: `.allowed(user)`, `.forbidden(user)`,
    /// `.sessionRefused(…)` (not signed in), `.invalidRole`, or `.unavailable(…)`.
    package func authorize(token: SessionToken?, role: String) -> Authorize.Check.Response {
        AuthorizeInteractor.answer(.init(token: token, role: role), workers: workers, client: client)
    }
}
