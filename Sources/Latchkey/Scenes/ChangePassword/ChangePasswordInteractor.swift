import Foundation

/// Replaces a signed-in user's password and revokes the user's other sessions (ASVS 7.4.3).
/// The current-password check is reserved in the throttle like a sign-in, and the new hash is
/// stored only if the verified one is still in place, so two changes at once cannot both succeed.
public final class ChangePasswordInteractor: SceneInteractor<any ChangePasswordPresentationLogic>,
    ChangePasswordBusinessLogic
{

    public func changePassword(request: ChangePassword.Update.Request) {
        presenter.presentPasswordChange(response: SceneWork.respond { try change(request) })
    }

    private func change(_ request: ChangePassword.Update.Request) throws -> ChangePassword.Update.Response {
        let now = workers.time.now()
        let attempt = try workers.database.write { db in
            let found = try workers.gate.authenticate(request.token, now: now, forPasswordChange: true, in: db)
            let username = try Username(found.user.username)
            let account = try workers.accounts.credentials(for: username, in: db)
            let reservation = try workers.throttle.reserve(username.value, now: now, policy: workers.policy, in: db)
            if reservation == nil {
                try workers.audit.record(
                    .passwordChangeFailed, reason: .throttled, usernameKey: username.value, userID: found.user.id,
                    now: now, in: db)
            }
            return (found: found, username: username, account: account, reservation: reservation)
        }
        guard let account = attempt.account else { throw SessionProblem.notSignedIn }
        guard let reservation = attempt.reservation else { return .throttled }
        let user = attempt.found.user
        let rules = PasswordRules(policy: workers.policy)
        let current = rules.normalizedForSignIn(request.currentPassword)
        guard workers.hasher.verify(current ?? "", against: account.passwordHash), current != nil else {
            try workers.database.write { db in
                try workers.audit.record(
                    .passwordChangeFailed, reason: .badCredentials, usernameKey: reservation.key, userID: user.id,
                    now: now, in: db)
            }
            return .invalidCredentials
        }
        let email = user.email.flatMap { try? EmailAddress($0) }
        let newPassword: String
        do {
            newPassword = try rules.check(request.newPassword, username: attempt.username, email: email)
        } catch {
            try workers.database.write { db in try workers.throttle.release(reservation, in: db) }
            return .rejected(error)
        }
        let hash = try workers.hasher.hash(newPassword)
        return try store(
            hash, replacing: account.passwordHash, for: request.token, found: attempt.found, reservation: reservation,
            now: now)
    }

    /// Stores `hash` if the session is still live and `verified` is still the stored hash; else the
    /// current password no longer holds (another change won), which is answered as a wrong one.
    private func store(
        _ hash: String, replacing verified: String, for token: SessionToken?, found: StoredSession,
        reservation: ThrottleReservation, now: Date
    ) throws -> ChangePassword.Update.Response {
        let user = found.user
        let ended = try workers.database.write { db -> Int? in
            _ = try workers.gate.authenticate(token, now: now, forPasswordChange: true, in: db)
            guard try workers.accounts.passwordHash(userID: user.id, in: db) == verified else {
                try workers.audit.record(
                    .passwordChangeFailed, reason: .badCredentials, usernameKey: reservation.key, userID: user.id,
                    now: now, in: db)
                return nil
            }
            try workers.accounts.updatePasswordHash(userID: user.id, to: hash, now: now, in: db)
            let ended = try workers.sessions.revokeAll(userID: user.id, keeping: found.session.id, now: now, in: db)
            try workers.throttle.reset(reservation.key, in: db)
            try workers.audit.record(.passwordChanged, usernameKey: reservation.key, userID: user.id, now: now, in: db)
            if ended > 0 {
                try workers.audit.record(
                    .sessionsRevoked, usernameKey: reservation.key, userID: user.id, now: now, in: db)
            }
            return ended
        }
        guard let ended else { return .invalidCredentials }
        return .changed(otherSessionsEnded: ended)
    }
}
