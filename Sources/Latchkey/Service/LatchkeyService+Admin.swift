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
            return try await show(on: database, nil) { scenes, display in
                scenes.makeAdminScene(display: display).interactor.listUsers(
                    request: request)
            }
        }
    }

    /// One account with its live sessions, access tokens and latest events.
    public func user(token: String, username: String) async throws(LatchkeyError) -> AccountDetail {
        try await logged("admin_user") { () async throws(LatchkeyError) in
            let request = Admin.ShowUser.Request(username: username, session: try Self.session(token))
            return try await show(on: database, nil) { scenes, display in
                scenes.makeAdminScene(display: display).interactor.showUser(
                    request: request)
            }
        }
    }

    /// Applies `action` to the account `username`. Setting a password hashes it, so that action
    /// runs on the hashing lane (and may answer `overloaded`).
    public func administer(
        token: String, username: String, _ action: AdministrativeAction, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> AdministrationResult {
        try await logged("admin_action") { () async throws(LatchkeyError) in
            let request = Admin.Act.Request(
                username: username, action: action, authority: .session(try Self.session(token)))
            let lane: Lane
            if case .setPassword = action { lane = hashing } else { lane = database }
            return try await show(on: lane, client) { scenes, display in
                scenes.makeAdminScene(display: display).interactor.act(request: request)
            }
        }
    }

    /// The administrator's token; text that is no token is not signed in (and never the operator's
    /// authority, which a request without a session carries).
    private static func session(_ token: String) throws(LatchkeyError) -> SessionToken {
        guard let session = try Self.session(token, for: "administer accounts") else { throw .session(.notSignedIn) }
        return session
    }
}
