/// Administration by a signed-in user holding the `admin` role (`Admin.role`), through a session or a
/// personal access token that carries the role: checked in the transaction that acts, and audited
/// with that account as the actor. An embedding program that
/// administers by its own authority (as `latchkey admin` does) uses the Admin scene directly.
extension LatchkeyService {
    /// Accounts whose name or email contains `search` (all when nil), at most `limit`, by name.
    public func users(token: String, search: String? = nil, limit: Int = 100) async throws(LatchkeyError)
        -> [AccountSummary]
    {
        try await logged("admin_users") { () async throws(LatchkeyError) in
            let request = Admin.ListUsers.Request(search: search, limit: limit, credential: try Self.credential(token))
            return try await show(on: database, nil) { scenes, display in
                scenes.makeAdminScene(display: display).interactor.listUsers(
                    request: request)
            }
        }
    }

    /// One account with its live sessions, access tokens and latest events.
    public func user(token: String, username: String) async throws(LatchkeyError) -> AccountDetail {
        try await logged("admin_user") { () async throws(LatchkeyError) in
            let request = Admin.ShowUser.Request(username: username, credential: try Self.credential(token))
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
                username: username, action: action, authority: .signedIn(try Self.credential(token)))
            let lane: Lane
            if case .setPassword = action { lane = hashing } else { lane = database }
            return try await show(on: lane, client) { scenes, display in
                scenes.makeAdminScene(display: display).interactor.act(request: request)
            }
        }
    }

    /// A one-time password-reset code for the account `username` (30 minutes by default, one use,
    /// replacing any earlier one), for the administrator to hand over privately; audited with the
    /// administrator as actor. A disabled account gets none.
    public func issueResetCode(token: String, username: String, client: ClientContext? = nil)
        async throws(LatchkeyError) -> IssuedResetCode
    {
        try await logged("admin_reset_code") { () async throws(LatchkeyError) in
            let request = PasswordReset.Issue.Request(
                username: username, authority: .signedIn(try Self.credential(token)))
            return try await show(on: database, client) { scenes, display in
                scenes.makePasswordResetScene(display: display).interactor.issueCode(request: request)
            }
        }
    }

    /// The administrator's session or access token (`lkp_…`, which must carry `admin`); text that
    /// is neither is not signed in (and never the operator's authority, which only the Admin scene
    /// used directly has).
    static func credential(_ token: String) throws(LatchkeyError) -> Admin.Credential {
        if AccessToken.looksLikeOne(token) {
            guard let accessToken = AccessToken(token) else { throw .session(.notSignedIn) }
            return .accessToken(accessToken)
        }
        guard let session = SessionToken(token) else { throw .session(.notSignedIn) }
        return .session(session)
    }
}
