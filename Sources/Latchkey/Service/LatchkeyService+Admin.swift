import Foundation

/// Administration by a signed-in user holding the `admin` role (`Admin.role`): checked in the
/// transaction that acts, and audited with that account as the actor. An embedding program that
/// administers by its own authority (as `latchkey admin` does) uses the Admin scene directly.
extension LatchkeyService {
    /// Accounts whose name or email contains `search` (all when nil), at most `limit`, by name.
    public func users(token: String, search: String? = nil, limit: Int = 100) async throws(LatchkeyError)
        -> [AccountSummary]
    {
        try await logged("admin_users") { () async throws(LatchkeyError) in
            let request = Admin.ListUsers.Request(search: search, limit: limit, session: try Self.session(token))
            let response = try await runOnDatabaseLane { workers in
                AdminCapture.answer { AdminInteractor(presenter: $0, workers: workers).listUsers(request: request) }
                    .users
            }
            switch response {
            case .users(let accounts): return accounts.map(AccountSummary.init)
            case .refused: throw Self.failed(AdminPresenter.viewModel(for: response))
            case .unavailable(let problem): throw .unavailable(problem)
            }
        }
    }

    /// One account with its live sessions and latest events.
    public func user(token: String, username: String) async throws(LatchkeyError) -> AccountDetail {
        try await logged("admin_user") { () async throws(LatchkeyError) in
            let request = Admin.ShowUser.Request(username: username, session: try Self.session(token))
            let response = try await runOnDatabaseLane { workers in
                AdminCapture.answer { AdminInteractor(presenter: $0, workers: workers).showUser(request: request) }
                    .user
            }
            switch response {
            case .account(let account, let sessions, let events, let tokens):
                return AccountDetail(
                    account: AccountSummary(account),
                    sessions: sessions.map { SessionSummary(Sessions.Item(session: $0, isCurrent: false)) },
                    events: events.map(HistoryEntry.init), accessTokens: tokens.map(AccessTokenSummary.init))
            case .rejected, .refused: throw Self.failed(AdminPresenter.viewModel(for: response))
            case .unavailable(let problem): throw .unavailable(problem)
            }
        }
    }

    /// Applies `action` to the account `username`. Setting a password hashes it, so that action
    /// runs on the hashing lane (and may answer `overloaded`).
    public func administer(
        token: String, username: String, _ action: Admin.Act.Action, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> AdministrationResult {
        try await logged("admin_action") { () async throws(LatchkeyError) in
            let request = Admin.Act.Request(
                username: username, action: action, authority: .session(try Self.session(token)))
            let scene: @Sendable (LatchkeyWorkers) -> Admin.Act.Response? = { workers in
                AdminCapture.answer { AdminInteractor(presenter: $0, workers: workers).act(request: request) }.action
            }
            let response: Admin.Act.Response
            if case .setPassword = action {
                response = try await runOnHashingLane(client, scene)
            } else {
                response = try await runOnDatabaseLane(client, scene)
            }
            return try Self.administrationResult(response)
        }
    }

    /// The administrator's token; text that is no token is not signed in (and never the operator's
    /// authority, which a request without a session carries).
    private static func session(_ token: String) throws(LatchkeyError) -> SessionToken {
        guard let session = try Self.session(token, for: "administer accounts") else { throw .session(.notSignedIn) }
        return session
    }

    private static func administrationResult(_ response: Admin.Act.Response) throws(LatchkeyError)
        -> AdministrationResult
    {
        func done(
            _ outcome: String, _ name: String, ended: Int? = nil, revoked: Int? = nil, roles: [String]? = nil
        ) -> AdministrationResult {
            AdministrationResult(
                outcome: outcome, username: name, sessionsEnded: ended, accessTokensRevoked: revoked, roles: roles)
        }
        switch response {
        case .disabled(let name, let ended): return done("disabled", name, ended: ended)
        case .enabled(let name): return done("enabled", name)
        case .unlocked(let name): return done("unlocked", name)
        case .passwordExpired(let name): return done("password_expired", name)
        case .deleted(let name): return done("deleted", name)
        case .passwordSet(let name, let ended, let revoked):
            return done("password_set", name, ended: ended, revoked: revoked)
        case .roles(let name, let roles): return done("roles", name, roles: roles)
        case .secondFactorReset(let name): return done("second_factor_reset", name)
        case .tokenRevoked(let name, _): return done("access_token_revoked", name)
        case .rejected, .refused, .invalidRole, .passwordRejected, .noSuchToken:
            throw failed(AdminPresenter.viewModel(for: response))
        case .unavailable(let problem): throw .unavailable(problem)
        }
    }
}

/// The Admin scene's three answers, captured for the service (see `Capture`).
final class AdminCapture: AdminPresentationLogic {
    var users: Admin.ListUsers.Response?
    var user: Admin.ShowUser.Response?
    var action: Admin.Act.Response?

    static func answer(_ send: (AdminCapture) -> Void) -> AdminCapture {
        let capture = AdminCapture()
        send(capture)
        return capture
    }

    func presentUsers(response: Admin.ListUsers.Response) { users = response }
    func presentUser(response: Admin.ShowUser.Response) { user = response }
    func presentAction(response: Admin.Act.Response) { action = response }
}

extension Admin.Act.ViewModel: FailureCarrying {
    var failure: LatchkeyError? {
        if case .failed(let failure) = self { failure } else { nil }
    }
}

extension Admin.ListUsers.ViewModel: FailureCarrying {
    var failure: LatchkeyError? {
        if case .failed(let failure) = self { failure } else { nil }
    }
}

extension Admin.ShowUser.ViewModel: FailureCarrying {
    var failure: LatchkeyError? {
        if case .failed(let failure) = self { failure } else { nil }
    }
}
