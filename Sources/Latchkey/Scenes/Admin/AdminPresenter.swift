/// Turns the operator's outcomes into rows and messages; email and phone are masked as everywhere.
package final class AdminPresenter: ScenePresenter<any AdminDisplayLogic>, AdminPresentationLogic {
    package func presentUsers(response: Admin.ListUsers.Response) {
        display?.displayUsers(viewModel: Self.viewModel(for: response))
    }

    package func presentUser(response: Admin.ShowUser.Response) {
        display?.displayUser(viewModel: Self.viewModel(for: response))
    }

    package func presentAction(response: Admin.Act.Response) {
        display?.displayAction(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: Admin.ListUsers.Response) -> Admin.ListUsers.ViewModel {
        switch response {
        case .users(let accounts): .users(accounts.map(row))
        case .refused(let problem): .failed(failure(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }

    static func viewModel(for response: Admin.ShowUser.Response) -> Admin.ShowUser.ViewModel {
        switch response {
        case .account(let account, let sessions, let events, let tokens):
            .account(
                row(account),
                sessions: sessions.map {
                    // An operator sees each session's absolute end; the user's own list shows the idle one too.
                    Sessions.List.Entry(
                        shortID: $0.shortID, label: $0.label, created: DateText.format($0.createdAt),
                        lastUsed: DateText.format($0.lastUsedAt), expires: DateText.format($0.expiresAt),
                        createdISO8601: DateText.iso8601($0.createdAt),
                        lastUsedISO8601: DateText.iso8601($0.lastUsedAt),
                        expiresISO8601: DateText.iso8601($0.expiresAt), isCurrent: false, address: $0.address,
                        userAgent: $0.userAgent)
                },
                events: events.map(HistoryPresenter.entry), tokens: tokens.map(AccessTokensPresenter.entry))
        case .rejected(let problem): .failed(failure(problem))
        case .refused(let problem): .failed(failure(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }

    static func viewModel(for response: Admin.Act.Response) -> Admin.Act.ViewModel {
        switch response {
        case .disabled(let name, let ended):
            .done(message: "Account \(name) disabled; \(plural(ended, "session")) ended.", roles: nil)
        case .enabled(let name): .done(message: "Account \(name) enabled.", roles: nil)
        case .unlocked(let name): .done(message: "Sign-in lock of \(name) cleared.", roles: nil)
        case .passwordExpired(let name):
            .done(message: "\(name) must choose a new password at the next sign-in.", roles: nil)
        case .deleted(let name): .done(message: "Account \(name) deleted.", roles: nil)
        case .passwordSet(let name, let ended, 0):
            .done(message: "Password of \(name) set; \(plural(ended, "session")) ended.", roles: nil)
        case .passwordSet(let name, let ended, let revoked):
            .done(
                message:
                    "Password of \(name) set; \(plural(ended, "session")) ended; \(plural(revoked, "access token")) revoked.",
                roles: nil)
        case .roles(let name, let roles):
            .done(
                message: "Roles of \(name): " + (roles.isEmpty ? "none." : roles.joined(separator: ", ") + "."),
                roles: roles)
        case .secondFactorReset(let name): .done(message: "Second factor of \(name) removed.", roles: nil)
        case .tokenRevoked(let name, let token):
            .done(message: "Access token \(TerminalEscaping.escape(token)) of \(name) revoked.", roles: nil)
        case .noSuchToken(let name):
            .failed(
                LatchkeyError(
                    message: "\(name) has no access token with that id.", kind: .invalidInput, code: .notFound))
        case .rejected(let problem): .failed(failure(problem))
        case .refused(let problem): .failed(failure(problem))
        case .invalidRole(let role):
            .failed(
                LatchkeyError(
                    message: "Invalid role \(TerminalEscaping.escape(role)): "
                        + UsernameText.explain(.invalidCharacters),
                    kind: .invalidInput))
        case .passwordRejected(let rejection):
            .failed(
                LatchkeyError(message: PasswordText.explain(rejection), kind: .invalidInput, code: .weakPassword))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }

    static func failure(_ problem: Admin.AccessProblem) -> LatchkeyError {
        switch problem {
        case .session(let problem): .session(problem)
        case .forbidden: LatchkeyError(message: "This needs the \(Admin.role) role.", kind: .forbidden)
        }
    }

    static func failure(_ problem: Admin.AccountProblem) -> LatchkeyError {
        switch problem {
        case .invalidUsername(let why):
            LatchkeyError(message: "Invalid username: " + UsernameText.explain(why), kind: .invalidInput)
        case .noSuchUser: LatchkeyError(message: "No such user.", kind: .invalidInput, code: .notFound)
        }
    }

    static func row(_ account: Admin.Account) -> Admin.Row {
        let user = account.profile
        return Admin.Row(
            username: user.username, displayName: user.displayName, maskedEmail: user.email.map(EmailMask.mask),
            maskedPhone: user.phone.map(PhoneMask.mask), created: DateText.format(user.createdAt),
            createdISO8601: DateText.iso8601(user.createdAt), lastSignIn: user.previousLoginAt.map(DateText.format),
            lastSignInISO8601: user.previousLoginAt.map(DateText.iso8601), isDisabled: account.isDisabled,
            isLocked: account.isLocked, passwordChangeRequired: account.passwordChangeRequired, roles: user.roles,
            secondFactorOn: user.secondFactorOn, recoveryCodesLeft: user.recoveryCodesLeft,
            importedScheme: account.importedScheme)
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
