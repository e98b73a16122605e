/// Checks a session and a role in one read.
public final class AuthorizeInteractor: SceneInteractor<any AuthorizePresentationLogic>, AuthorizeBusinessLogic {
    public func check(request: Authorize.Check.Request) {
        presenter.presentCheck(response: Self.answer(request, workers: workers))
    }

    /// The answer itself, for `SceneFactory.authorize`.
    static func answer(_ request: Authorize.Check.Request, workers: LatchkeyWorkers) -> Authorize.Check.Response {
        let now = workers.time.now()
        return SceneWork.respond {
            guard let role = try? RoleName(request.role) else { return .invalidRole }
            let (found, allowed) = try workers.database.read { db in
                let found = try workers.gate.authenticate(request.token, now: now, in: db)
                return (found, try workers.roles.has(role, userID: found.user.id, in: db))
            }
            workers.recordUse(of: found, now: now)
            return allowed ? .allowed(found.user) : .forbidden(found.user)
        }
    }
}

/// Turns an authorization answer into what a display shows.
public final class AuthorizePresenter: ScenePresenter<any AuthorizeDisplayLogic>, AuthorizePresentationLogic {
    public func presentCheck(response: Authorize.Check.Response) {
        display?.displayCheck(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: Authorize.Check.Response) -> Authorize.Check.ViewModel {
        switch response {
        case .allowed(let user): .allowed(username: user.username)
        case .forbidden, .invalidRole:
            .failed(FailureViewModel(message: "You may not do this.", kind: .forbidden))
        case .sessionRefused(let problem): .failed(.session(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }
}

/// The assembled Authorize scene, held by its display.
public struct AuthorizeScene {
    public let interactor: any AuthorizeBusinessLogic
}

extension SceneFactory {
    /// Assembles the Authorize scene around `display`.
    public func makeAuthorizeScene(display: any AuthorizeDisplayLogic) -> AuthorizeScene {
        AuthorizeScene(
            interactor: AuthorizeInteractor(presenter: AuthorizePresenter(display: display), workers: workers))
    }

    /// One-line access check for an embedding tool: `.allowed(user)`, `.forbidden(user)`,
    /// `.sessionRefused(…)` (not signed in), `.invalidRole`, or `.unavailable(…)`.
    public func authorize(token: SessionToken?, role: String) -> Authorize.Check.Response {
        AuthorizeInteractor.answer(.init(token: token, role: role), workers: workers)
    }
}
