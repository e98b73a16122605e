import Foundation

/// The access-token check, beside `SessionGate`: a token signs someone in only if it exists, is
/// not revoked or past its expiry, and its user is not disabled and not asked for a new password.
/// Its user's `roles` are the token's effective roles.
struct AccessTokenGate: Sendable {
    let tokens: AccessTokenStore
    let policy: SecurityPolicy

    /// The refusals of one token within this long are one audit event with a count: a script that
    /// keeps a revoked token, or a flood of it, writes one row a minute, not one per use.
    static let refusalWindow: Duration = .seconds(60)

    /// The live token, or throws the `SessionProblem` that refuses it.
    func authenticate(_ token: AccessToken?, now: Date, in db: Database) throws -> StoredAccessToken {
        guard let token else { throw SessionProblem.notSignedIn }
        return try check(try tokens.find(token, in: db), now: now)
    }

    func check(_ found: StoredAccessToken?, now: Date) throws(SessionProblem) -> StoredAccessToken {
        guard let found, !found.isRevoked, !found.isUserDisabled else { throw .notSignedIn }
        if let expires = found.token.expiresAt, expires <= now { throw .expired }
        // An operator who requires a new password suspects the account: its tokens wait for it too.
        guard !found.passwordChangeRequired else { throw .passwordChangeRequired }
        return found
    }

    /// Whether a use at `now` should be written (at most once per `lastUsedGranularity`).
    func isUseDue(_ token: AccessTokenInfo, now: Date) -> Bool {
        guard let last = token.lastUsedAt else { return true }
        return now.timeIntervalSince(last) >= TimeInterval(policy.lastUsedGranularity.wholeSeconds)
    }
}

extension LatchkeyWorkers {
    /// The user of an access token used by `client` (roles: the token's effective roles), read in one statement;
    /// its use is recorded, and a known token refused (revoked, expired, user disabled) is audited,
    /// once per token per `AccessTokenGate.refusalWindow` with how many times.
    func authenticate(_ token: AccessToken?, from client: ClientContext?, now: Date) throws -> StoredAccessToken {
        guard let token else { throw SessionProblem.notSignedIn }
        let stored = try database.readStatement { db in try accessTokens.find(token, in: db) }
        do {
            let accepted = try tokenGate.check(stored, now: now)
            recordUse(of: accepted, from: client, now: now)
            return accepted
        } catch {
            if let stored {
                // Best effort, as for a use: the read decided the answer.
                _ = try? database.write { db in
                    try AuditLog(client: client).recordRefusal(
                        ofAccessToken: stored.token.id, usernameKey: stored.user.username, userID: stored.user.id,
                        window: AccessTokenGate.refusalWindow, now: now, in: db)
                }
            }
            throw error
        }
    }

    /// After a read that accepted `found`: records its use, and from where, in a short write when
    /// one is due; a failed write changes nothing (the read decided), the next use tries again.
    func recordUse(of found: StoredAccessToken, from client: ClientContext?, now: Date) {
        guard tokenGate.isUseDue(found.token, now: now) else { return }
        _ = try? database.write { db in
            try accessTokens.touch(
                tokenID: found.token.id, client: client, now: now, granularity: policy.lastUsedGranularity, in: db
            )
        }
    }
}
