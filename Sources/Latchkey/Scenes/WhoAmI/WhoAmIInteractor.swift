import Foundation

/// Finds who a session belongs to, or uses the user the Login router handed over.
public final class WhoAmIInteractor: WhoAmIBusinessLogic, WhoAmIDataStore {
    private let presenter: any WhoAmIPresentationLogic
    private let workers: LatchkeyWorkers
    public var user: UserProfile?
    public var session: SessionInfo?

    /// An interactor that reports to `presenter` and works through `workers`.
    public init(presenter: any WhoAmIPresentationLogic, workers: LatchkeyWorkers) {
        self.presenter = presenter
        self.workers = workers
    }

    public func fetchProfile(request: WhoAmI.Profile.Request) {
        presenter.presentProfile(response: response(to: request))
    }

    private func response(to request: WhoAmI.Profile.Request) -> WhoAmI.Profile.Response {
        guard let token = request.token else {
            // Handed over in this process by the Login router: no second read.
            guard let user, let session else { return .notSignedIn }
            let expired = SessionStore.isExpired(session, now: workers.time.now(), policy: workers.policy)
            return expired ? .expired : .signedIn(user: user, session: session)
        }
        let workers = workers
        let now = workers.time.now()
        do {
            let check = try workers.database.read { db in
                try workers.sessions.authenticate(token, now: now, policy: workers.policy, in: db)
            }
            guard case .valid(let found) = check else { return check.isExpired ? .expired : .notSignedIn }
            let sinceUse = now.timeIntervalSince(found.session.lastUsedAt)
            if sinceUse >= TimeInterval(workers.policy.lastUsedGranularity.wholeSeconds) {
                try workers.database.write { db in
                    try workers.sessions.touch(sessionID: found.session.id, now: now, in: db)
                }
            }
            user = found.user
            session = found.session
            return .signedIn(user: found.user, session: found.session)
        } catch {
            return .unavailable(ServiceProblem.from(error))
        }
    }
}
