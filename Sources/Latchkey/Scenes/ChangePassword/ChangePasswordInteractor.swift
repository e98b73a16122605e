import Foundation

/// Replaces a signed-in user's password and revokes the user's other sessions (ASVS 7.4.3).
/// A wrong current password counts towards the same throttle as a failed sign-in.
public final class ChangePasswordInteractor: ChangePasswordBusinessLogic {
    private let presenter: any ChangePasswordPresentationLogic
    private let workers: LatchkeyWorkers

    /// An interactor that reports to `presenter` and works through `workers`.
    public init(presenter: any ChangePasswordPresentationLogic, workers: LatchkeyWorkers) {
        self.presenter = presenter
        self.workers = workers
    }

    public func changePassword(request: ChangePassword.Update.Request) {
        let response: ChangePassword.Update.Response
        do {
            response = try change(request)
        } catch {
            response = .unavailable(ServiceProblem.from(error))
        }
        presenter.presentPasswordChange(response: response)
    }

    private func change(_ request: ChangePassword.Update.Request) throws -> ChangePassword.Update.Response {
        let workers = workers
        let now = workers.time.now()
        let state = try workers.database.read {
            db -> (check: SessionCheck, account: AccountCredentials?, locked: Bool) in
            let check = try workers.sessions.authenticate(request.token, now: now, policy: workers.policy, in: db)
            guard case .valid(let found) = check else { return (check, nil, false) }
            let username = try Username(found.user.username)
            return (
                check, try workers.accounts.credentials(for: username, in: db),
                try workers.throttle.isLocked(username.value, now: now, in: db)
            )
        }
        guard case .valid(let found) = state.check, let account = state.account else {
            return state.check.isExpired ? .expired : .notSignedIn
        }
        if state.locked { return .throttled }
        let username = try Username(found.user.username)
        let key = username.value
        let rules = PasswordRules(policy: workers.policy)
        let current = rules.normalizedForSignIn(request.currentPassword)
        guard workers.hasher.verify(current ?? "", against: account.passwordHash), current != nil else {
            try workers.database.write { db in
                try workers.throttle.recordFailure(key, now: now, policy: workers.policy, in: db)
                try workers.audit.record(
                    .loginFailed, reason: .badCredentials, usernameKey: key, userID: found.user.id, now: now, in: db)
            }
            return .invalidCredentials
        }
        let email = found.user.email.flatMap { try? EmailAddress($0) }
        let newPassword: String
        do {
            newPassword = try rules.check(request.newPassword, username: username, email: email)
        } catch {
            return .rejected(error)
        }
        let hash = try workers.hasher.hash(newPassword)
        let ended = try workers.database.write { db in
            try workers.accounts.updatePasswordHash(userID: found.user.id, to: hash, now: now, in: db)
            let ended = try workers.sessions.revokeAll(
                userID: found.user.id, keeping: found.session.id, now: now, in: db)
            try workers.throttle.reset(key, in: db)
            try workers.audit.record(.passwordChanged, usernameKey: key, userID: found.user.id, now: now, in: db)
            if ended > 0 {
                try workers.audit.record(.sessionsRevoked, usernameKey: key, userID: found.user.id, now: now, in: db)
            }
            return ended
        }
        return .changed(otherSessionsEnded: ended)
    }
}
