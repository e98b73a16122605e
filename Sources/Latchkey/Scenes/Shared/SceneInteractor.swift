/// What every interactor holds: its presenter, the shared Workers and the client of the one request
/// it serves, all injected, all `let`. The Workers are shared by every request; the client is passed
/// to each interactor, never stored in them.
package class SceneInteractor<Presenter> {
    let presenter: Presenter
    let workers: LatchkeyWorkers
    /// The client the request came from, stored on sessions and audit events and keyed on by the
    /// throttle; nil for none.
    let client: ClientContext?

    /// An interactor that reports to `presenter`, works through `workers` and serves `client`.
    package init(presenter: Presenter, workers: LatchkeyWorkers, client: ClientContext? = nil) {
        self.presenter = presenter
        self.workers = workers
        self.client = client
    }

    /// The audit log, recording this request's client on each event.
    var audit: AuditLog { AuditLog(client: client) }
    /// The sign-in throttle, per name and, with a client address, per address.
    var throttle: LoginThrottle { LoginThrottle(policy: workers.policy, secret: workers.secret, client: client) }
    /// The cooldown and per-address budget of code requests.
    var codeRequests: CodeRequestLimit {
        CodeRequestLimit(policy: workers.policy, secret: workers.secret, client: client)
    }
    /// The one check of an operator or signed-in administrator.
    var administrators: AdministratorCheck { AdministratorCheck(workers: workers, client: client) }
    /// The one re-authentication sequence.
    var reauthentication: Reauthentication { Reauthentication(workers: workers, client: client) }
}
