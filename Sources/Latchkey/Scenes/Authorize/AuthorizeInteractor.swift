/// Checks a session and the roles it needs in one statement.
package final class AuthorizeInteractor: SceneInteractor<any AuthorizePresentationLogic>, AuthorizeBusinessLogic {
    package func check(request: Authorize.Check.Request) {
        presenter.presentCheck(response: Self.answer(request, workers: workers, client: client))
    }

    /// The answer itself, for `SceneFactory.authorize`.
    static func answer(
        _ request: Authorize.Check.Request, workers: LatchkeyWorkers, client: ClientContext?
    ) -> Authorize.Check.Response {
        let now = workers.time.now()
        return SceneWork.respond {
            var roles: [String] = []
            for name in request.roles {
                guard let role = try? RoleName(name) else { return .invalidRole }
                roles.append(role.value)
            }
            if let token = request.accessToken {
                let user = try workers.authenticate(token, from: client, now: now).user
                return roles.allSatisfy(user.roles.contains)
                    ? .allowed(user, credential: .accessToken) : .forbidden(user)
            }
            // The session's one statement already carries its user's roles: one round trip.
            let found = try workers.database.readStatement { db in
                try workers.gate.authenticate(request.token, now: now, in: db)
            }
            let allowed = roles.allSatisfy(found.user.roles.contains)
            workers.recordUse(of: found, now: now)
            return allowed ? .allowed(found.user, credential: .session) : .forbidden(found.user)
        }
    }
}
