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
            let response = try await runOnHashingLane(client) { workers in
                Capture<ChangePassword.Update.Response>.answer {
                    ChangePasswordInteractor(presenter: $0, workers: workers).changePassword(request: request)
                }
            }
            switch response {
            case .changed(let ended, let revoked, let kept):
                return PasswordChangeResult(
                    otherSessionsEnded: ended, accessTokensRevoked: revoked, accessTokensKept: kept)
            case .sessionRefused(let problem): throw .session(problem)
            case .invalidCredentials, .throttled, .rejected:
                throw Self.failed(ChangePasswordPresenter.viewModel(for: response))
            case .unavailable(let problem): throw .unavailable(problem)
            }
        }
    }

    /// The user's live sessions, newest first.
    public func sessions(token: String) async throws(LatchkeyError) -> [SessionSummary] {
        try await logged("sessions") { () async throws(LatchkeyError) in
            let request = Sessions.List.Request(token: try Self.session(token, for: "list sessions"))
            let response = try await runOnDatabaseLane { workers in
                Capture<Sessions.List.Response>.answer {
                    SessionsInteractor(presenter: $0, workers: workers).fetchSessions(request: request)
                }
            }
            switch response {
            case .sessions(let items): return items.map(SessionSummary.init)
            case .sessionRefused(let problem): throw .session(problem)
            case .unavailable(let problem): throw .unavailable(problem)
            }
        }
    }

    /// Ends one of the user's sessions by its short id (another user's id is as unknown as a wrong
    /// one: `invalid_input`); answers whether it was the caller's own session.
    public func revokeSession(token: String, id: String, client: ClientContext? = nil) async throws(LatchkeyError)
        -> Bool
    {
        try await logged("revoke_session") { () async throws(LatchkeyError) in
            try await revoke(token: token, target: .session(id), client: client).endedCurrent
        }
    }

    /// Ends every other session of the user; answers how many ended.
    public func signOutOthers(token: String, client: ClientContext? = nil) async throws(LatchkeyError) -> Int {
        try await logged("sign_out_others") { () async throws(LatchkeyError) in
            try await revoke(token: token, target: .others, client: client).count
        }
    }

    /// The user's most recent audit events (at most `limit`, within the policy's bounds), newest first.
    public func history(token: String, limit: Int? = nil) async throws(LatchkeyError) -> [HistoryEntry] {
        try await logged("history") { () async throws(LatchkeyError) in
            let request = History.ListEvents.Request(
                token: try Self.session(token, for: "read the history"), limit: limit)
            let response = try await runOnDatabaseLane { workers in
                Capture<History.ListEvents.Response>.answer {
                    HistoryInteractor(presenter: $0, workers: workers).fetchEvents(request: request)
                }
            }
            switch response {
            case .events(let events): return events.map(HistoryEntry.init)
            case .sessionRefused(let problem): throw .session(problem)
            case .unavailable(let problem): throw .unavailable(problem)
            }
        }
    }

    private func revoke(token: String, target: Sessions.Revoke.Target, client: ClientContext?)
        async throws(LatchkeyError) -> (count: Int, endedCurrent: Bool)
    {
        let request = Sessions.Revoke.Request(token: try Self.session(token, for: "end sessions"), target: target)
        let response = try await runOnDatabaseLane(client) { workers in
            Capture<Sessions.Revoke.Response>.answer {
                SessionsInteractor(presenter: $0, workers: workers).revokeSessions(request: request)
            }
        }
        switch response {
        case .revoked(let count, let current): return (count, current)
        case .noSuchSession: throw Self.failed(SessionsPresenter.viewModel(for: response))
        case .sessionRefused(let problem): throw .session(problem)
        case .unavailable(let problem): throw .unavailable(problem)
        }
    }
}

extension ChangePassword.Update.ViewModel: FailureCarrying {
    var failure: LatchkeyError? {
        if case .failed(let failure) = self { failure } else { nil }
    }
}

extension Sessions.Revoke.ViewModel: FailureCarrying {
    var failure: LatchkeyError? {
        if case .failed(let failure) = self { failure } else { nil }
    }
}
