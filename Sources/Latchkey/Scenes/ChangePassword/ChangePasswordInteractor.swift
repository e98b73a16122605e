import Foundation

/// Replaces a signed-in user's password and revokes the user's other sessions (ASVS 7.4.3) and, unless
/// the request keeps them, the user's access tokens, in the same write.
/// The current password is checked by the one re-authentication sequence (reserved in the throttle,
/// re-checked in the write), so two changes at once cannot both succeed.
package final class ChangePasswordInteractor: SceneInteractor<any ChangePasswordPresentationLogic>,
    ChangePasswordBusinessLogic
{

    package func changePassword(request: ChangePassword.Update.Request) {
        presenter.presentPasswordChange(response: SceneWork.respond { try change(request) })
    }

    private func change(_ request: ChangePassword.Update.Request) throws -> ChangePassword.Update.Response {
        let now = workers.time.now()
        let rules = PasswordRules(policy: workers.policy)
        return try reauthentication.run(
            token: request.token, password: request.currentPassword, forPasswordChange: true,
            failure: .passwordChangeFailed, now: now,
            prepare: { user, _ -> Result<String, PasswordRejection> in
                // The new password is checked and hashed only once the current one is known to be right.
                let email = user.email.flatMap { try? EmailAddress($0) }
                let username = try Username(user.username)
                do {
                    let checked = try rules.check(request.newPassword, username: username, email: email)
                    return .success(try workers.hasher.hash(checked))
                } catch let rejection as PasswordRejection {
                    return .failure(rejection)
                }
            }
        ) { found, newHash, db in
            let hash: String
            switch newHash {
            case .failure(let rejection): return .rejected(rejection)
            case .success(let value): hash = value
            }
            let user = found.user
            try workers.accounts.updatePasswordHash(userID: user.id, to: hash, now: now, in: db)
            let ended = try workers.sessions.revokeAll(userID: user.id, keeping: found.session.id, now: now, in: db)
            try audit.record(.passwordChanged, usernameKey: user.username, userID: user.id, now: now, in: db)
            if ended > 0 {
                try audit.record(
                    .sessionsRevoked, usernameKey: user.username, userID: user.id, now: now, in: db)
            }
            let revoked =
                request.revokeTokens
                ? try workers.revokeAccessTokens(
                    userID: user.id, usernameKey: user.username, client: client, now: now, in: db) : 0
            let kept = try workers.accessTokens.live(userID: user.id, now: now, in: db).count
            return .changed(otherSessionsEnded: ended, accessTokensRevoked: revoked, accessTokensKept: kept)
        }
    }
}
