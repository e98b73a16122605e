/// Revokes sessions by token.
public final class LogoutInteractor: LogoutBusinessLogic {
    private let presenter: any LogoutPresentationLogic
    private let workers: LatchkeyWorkers

    /// An interactor that reports to `presenter` and works through `workers`.
    public init(presenter: any LogoutPresentationLogic, workers: LatchkeyWorkers) {
        self.presenter = presenter
        self.workers = workers
    }

    public func logout(request: Logout.SignOut.Request) {
        presenter.presentLogout(response: response(to: request))
    }

    private func response(to request: Logout.SignOut.Request) -> Logout.SignOut.Response {
        guard let token = request.token else { return .wasNotSignedIn }
        let workers = workers
        let now = workers.time.now()
        do {
            let ended = try workers.database.write { db -> Int in
                guard let found = try workers.sessions.find(token, in: db), !found.isRevoked else { return 0 }
                // An expired token may still end its own session, but not speak for its user's others.
                let isLive =
                    if case .valid = SessionStore.check(found, now: now, policy: workers.policy) { true } else { false }
                let key = found.user.username
                if request.everywhere && isLive {
                    let ended = try workers.sessions.revokeAll(userID: found.user.id, now: now, in: db)
                    try workers.audit.record(
                        .sessionsRevoked, usernameKey: key, userID: found.user.id, now: now, in: db)
                    return ended
                }
                let ended = try workers.sessions.revoke(sessionID: found.session.id, now: now, in: db)
                try workers.audit.record(.loggedOut, usernameKey: key, userID: found.user.id, now: now, in: db)
                return ended
            }
            return ended == 0 ? .wasNotSignedIn : .signedOut(sessionsEnded: ended)
        } catch {
            return .unavailable(ServiceProblem.from(error))
        }
    }
}
