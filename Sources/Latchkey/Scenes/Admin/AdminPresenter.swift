/// Turns the operator's outcomes into the results every display shows; email and phone are masked
/// as everywhere.
package final class AdminPresenter: ScenePresenter<any AdminDisplayLogic>, AdminPresentationLogic {
    package func presentUsers(response: Admin.ListUsers.Response) {
        display?.displayUsers(viewModel: viewModel(for: response))
    }

    package func presentUser(response: Admin.ShowUser.Response) {
        display?.displayUser(viewModel: viewModel(for: response))
    }

    package func presentAction(response: Admin.Act.Response) {
        display?.displayAction(viewModel: viewModel(for: response))
    }

    private func viewModel(for response: Admin.ListUsers.Response) -> Admin.ListUsers.ViewModel {
        switch response {
        case .users(let accounts): .success(accounts.map(AccountSummary.init))
        case .refused(let problem): .failure(Self.failure(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }

    private func viewModel(for response: Admin.ShowUser.Response) -> Admin.ShowUser.ViewModel {
        switch response {
        case .account(let account, let sessions, let events, let tokens, let passkeys):
            .success(
                AccountDetail(
                    account: AccountSummary(account),
                    sessions: sessions.map { SessionSummary(Sessions.Item(session: $0, isCurrent: false)) },
                    events: events.map(HistoryEntry.init),
                    accessTokens: tokens.map(AccessTokenSummary.init), passkeys: passkeys.map(PasskeySummary.init)))
        case .rejected(let problem): .failure(Self.failure(problem))
        case .refused(let problem): .failure(Self.failure(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }

    private func viewModel(for response: Admin.Act.Response) -> Admin.Act.ViewModel {
        func done(
            _ outcome: String, _ name: String, ended: Int? = nil, revoked: Int? = nil, roles: [String]? = nil,
            token: String? = nil, passkey: String? = nil
        ) -> Admin.Act.ViewModel {
            .success(
                AdministrationResult(
                    outcome: outcome, username: name, sessionsEnded: ended, accessTokensRevoked: revoked, roles: roles,
                    accessTokenName: token, passkeyName: passkey))
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
        case .tokenRevoked(let name, let token): return done("access_token_revoked", name, token: token)
        case .noSuchToken(let name):
            return .failure(
                LatchkeyError(
                    message: "\(name) has no access token with that id.", kind: .invalidInput, code: .notFound))
        case .passkeyRevoked(let name, let passkey): return done("passkey_revoked", name, passkey: passkey)
        case .sessionsEnded(let name, let count): return done("sessions_ended", name, ended: count)
        case .noSuchPasskey(let name):
            return .failure(
                LatchkeyError(message: "\(name) has no passkey with that id.", kind: .invalidInput, code: .notFound))
        case .rejected(let problem): return .failure(Self.failure(problem))
        case .refused(let problem): return .failure(Self.failure(problem))
        case .invalidRole(let role):
            return .failure(
                LatchkeyError(
                    message: "Invalid role \(TerminalEscaping.escape(role)): "
                        + UsernameText.explain(.invalidCharacters),
                    kind: .invalidInput))
        case .passwordRejected(let rejection):
            return .failure(
                LatchkeyError(message: PasswordText.explain(rejection), kind: .invalidInput, code: .weakPassword))
        case .unavailable(let problem): return .failure(.unavailable(problem))
        }
    }

    /// The one wording of a refused administrator, for every scene an administrator may use.
    static func failure(_ problem: Admin.AccessProblem) -> LatchkeyError {
        switch problem {
        case .session(let problem): .session(problem)
        case .forbidden: LatchkeyError(message: "This needs the \(Admin.role) role.", kind: .forbidden)
        }
    }

    private static func failure(_ problem: Admin.AccountProblem) -> LatchkeyError {
        switch problem {
        case .invalidUsername(let why):
            LatchkeyError(message: "Invalid username: " + UsernameText.explain(why), kind: .invalidInput)
        case .noSuchUser: LatchkeyError(message: "No such user.", kind: .invalidInput, code: .notFound)
        }
    }
}

/// The scene shows three kinds of result: the service's display keeps the one its call awaits.
extension Reply: AdminDisplayLogic {
    func displayUsers(viewModel: Admin.ListUsers.ViewModel) { show(any: viewModel) }
    func displayUser(viewModel: Admin.ShowUser.ViewModel) { show(any: viewModel) }
    func displayAction(viewModel: Admin.Act.ViewModel) { show(any: viewModel) }
}
