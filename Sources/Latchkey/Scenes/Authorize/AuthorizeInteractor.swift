/// Checks a session and the roles it needs in one statement.
public final class AuthorizeInteractor: SceneInteractor<any AuthorizePresentationLogic>, AuthorizeBusinessLogic {
    public func check(request: Authorize.Check.Request) {
        presenter.presentCheck(response: Self.answer(request, workers: workers))
    }

    /// The answer itself, for `SceneFactory.authorize`.
    static func answer(_ request: Authorize.Check.Request, workers: LatchkeyWorkers) -> Authorize.Check.Response {
        let now = workers.time.now()
        return SceneWork.respond {
            var roles: [String] = []
            for name in request.roles {
                guard let role = try? RoleName(name) else { return .invalidRole }
                roles.append(role.value)
            }
            if let token = request.accessToken {
                let user = try workers.authenticate(token, now: now).user
                return roles.allSatisfy(user.roles.contains) ? .allowed(user) : .forbidden(user)
            }
            // The session's one statement already carries its user's roles: one round trip.
            let found = try workers.database.readStatement { db in
                try workers.gate.authenticate(request.token, now: now, in: db)
            }
            let allowed = roles.allSatisfy(found.user.roles.contains)
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
