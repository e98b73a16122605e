/// Reads the audit trail of the user whose session the token belongs to.
public final class HistoryInteractor: HistoryBusinessLogic {
    private let presenter: any HistoryPresentationLogic
    private let workers: LatchkeyWorkers

    /// The most events one request returns.
    public static let maximumLimit = 1_000

    /// An interactor that reports to `presenter` and works through `workers`.
    public init(presenter: any HistoryPresentationLogic, workers: LatchkeyWorkers) {
        self.presenter = presenter
        self.workers = workers
    }

    public func fetchEvents(request: History.ListEvents.Request) {
        let workers = workers
        let now = workers.time.now()
        let limit = min(max(request.limit, 0), Self.maximumLimit)
        let response: History.ListEvents.Response
        do {
            response = try workers.database.read { db in
                switch try workers.sessions.authenticate(request.token, now: now, policy: workers.policy, in: db) {
                case .valid(let found): .events(try workers.audit.recent(userID: found.user.id, limit: limit, in: db))
                case .notSignedIn: .notSignedIn
                case .expired: .expired
                }
            }
        } catch {
            response = .unavailable(ServiceProblem.from(error))
        }
        presenter.presentEvents(response: response)
    }
}
