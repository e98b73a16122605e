/// The signed-in user's own account: password, sessions, history.
extension LatchkeyService {
    /// Replaces the password (the current one first, through the re-authentication rule); every other
    /// session of the user ends, and every access token unless `revokeTokens` is false. Answers how
    /// many sessions ended and how many tokens were revoked and still work.
    public func changePassword(
        token: String, current: String, new: String, revokeTokens: Bool = true, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> PasswordChangeResult {
        try await logged("change_password") { () async throws(LatchkeyError) in
            let request = ChangePassword.Update.Request(
                token: try Self.session(token, for: "change the password"), currentPassword: current, newPassword: new,
                revokeTokens: revokeTokens)
            return try await show(on: hashing, client) { scenes, display in
                scenes.makeChangePasswordScene(display: display).interactor
                    .changePassword(request: request)
            }
        }
    }

    /// The user's live sessions, newest first.
    public func sessions(token: String) async throws(LatchkeyError) -> [SessionSummary] {
        try await logged("sessions") { () async throws(LatchkeyError) in
            let request = Sessions.List.Request(token: try Self.session(token, for: "list sessions"))
            return try await show(on: database, nil) { scenes, display in
                scenes.makeSessionsScene(display: display).interactor
                    .fetchSessions(request: request)
            }
        }
    }

    /// Ends one of the user's sessions by its short id (another user's id is as unknown as a wrong
    /// one: `invalid_input`); answers whether it was the caller's own session.
    public func revokeSession(token: String, id: String, client: ClientContext? = nil) async throws(LatchkeyError)
        -> Bool
    {
        try await logged("revoke_session") { () async throws(LatchkeyError) in
            try await revoke(token: token, target: .session(id), client: client).includedCurrent
        }
    }

    /// Ends every other session of the user; answers how many ended.
    public func signOutOthers(token: String, client: ClientContext? = nil) async throws(LatchkeyError) -> Int {
        try await logged("sign_out_others") { () async throws(LatchkeyError) in
            try await revoke(token: token, target: .others, client: client).sessionsEnded
        }
    }

    /// The user's most recent audit events (at most `limit`, within the policy's bounds), newest first.
    public func history(token: String, limit: Int? = nil) async throws(LatchkeyError) -> [HistoryEntry] {
        try await logged("history") { () async throws(LatchkeyError) in
            let request = History.ListEvents.Request(
                token: try Self.session(token, for: "read the history"), limit: limit)
            return try await show(on: database, nil) { scenes, display in
                scenes.makeHistoryScene(display: display).interactor
                    .fetchEvents(request: request)
            }
        }
    }

    private func revoke(token: String, target: Sessions.Revoke.Target, client: ClientContext?)
        async throws(LatchkeyError) -> SessionRevocation
    {
        let request = Sessions.Revoke.Request(token: try Self.session(token, for: "end sessions"), target: target)
        return try await show(on: database, client) { scenes, display in
            scenes.makeSessionsScene(display: display).interactor
                .revokeSessions(request: request)
        }
    }
}
