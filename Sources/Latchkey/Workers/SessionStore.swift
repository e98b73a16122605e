import Foundation

/// A session found by its token, with its user.
struct ActiveSession {
    let session: SessionInfo
    let user: UserProfile
    let isRevoked: Bool
    let isUserDisabled: Bool
}

/// Whether a token signs someone in.
enum SessionCheck {
    case valid(ActiveSession)
    /// No token, an unknown or revoked one, or a disabled user.
    case notSignedIn
    /// Past its lifetime, or unused for longer than the idle timeout.
    case expired

    var isExpired: Bool {
        if case .expired = self { return true }
        return false
    }
}

/// Session queries on the shared `DatabaseWorker`, by token hash only, inside the caller's transaction.
struct SessionStore: Sendable {
    func create(
        for user: UserProfile, token: SessionToken, now: Date, lifetime: Duration, in db: Database
    ) throws -> SessionInfo {
        let expires = now.addingTimeInterval(TimeInterval(lifetime.wholeSeconds))
        try db.execute(
            """
            INSERT INTO sessions (user_id, token_hash, created_at, expires_at, last_used_at, previous_login_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                user.id, token.hash, now.databaseSeconds, expires.databaseSeconds, now.databaseSeconds,
                user.previousLoginAt?.databaseSeconds,
            ])
        return SessionInfo(id: db.lastInsertRowID, createdAt: now, expiresAt: expires, lastUsedAt: now)
    }

    func find(_ token: SessionToken, in db: Database) throws -> ActiveSession? {
        try db.queryFirst(
            """
            SELECT \(AccountStore.profileColumns), sessions.id, sessions.created_at, sessions.expires_at,
                sessions.last_used_at, sessions.revoked_at, users.disabled_at, sessions.previous_login_at
            FROM sessions JOIN users ON users.id = sessions.user_id
            WHERE sessions.token_hash = ?
            """, [token.hash]
        ) { row in
            ActiveSession(
                session: SessionInfo(
                    id: try row.int64(7), createdAt: Date(databaseSeconds: try row.int64(8)),
                    expiresAt: Date(databaseSeconds: try row.int64(9)),
                    lastUsedAt: Date(databaseSeconds: try row.int64(10))),
                user: try AccountStore.profile(row, previousLogin: try row.optionalInt64(13)),
                isRevoked: !row.isNull(11),
                isUserDisabled: !row.isNull(12))
        }
    }

    /// Checks `token` against revocation, the user's state, the absolute lifetime and the idle timeout.
    func authenticate(_ token: SessionToken?, now: Date, policy: SecurityPolicy, in db: Database) throws
        -> SessionCheck
    {
        guard let token else { return .notSignedIn }
        return Self.check(try find(token, in: db), now: now, policy: policy)
    }

    /// The same check on a session already found.
    static func check(_ found: ActiveSession?, now: Date, policy: SecurityPolicy) -> SessionCheck {
        guard let found, !found.isRevoked, !found.isUserDisabled else { return .notSignedIn }
        return isExpired(found.session, now: now, policy: policy) ? .expired : .valid(found)
    }

    /// Past its absolute lifetime, or unused for longer than the idle timeout: the one rule for every scene.
    static func isExpired(_ session: SessionInfo, now: Date, policy: SecurityPolicy) -> Bool {
        let idle = now.timeIntervalSince(session.lastUsedAt)
        return session.expiresAt <= now || idle >= TimeInterval(policy.sessionIdleTimeout.wholeSeconds)
    }

    /// Deletes the user's sessions that can never authenticate again (revoked, expired or idle too long).
    func purgeDead(userID: Int64, now: Date, policy: SecurityPolicy, in db: Database) throws {
        try db.execute(
            """
            DELETE FROM sessions WHERE user_id = ?
                AND (revoked_at IS NOT NULL OR expires_at <= ? OR last_used_at <= ?)
            """,
            [userID, now.databaseSeconds, now.databaseSeconds - policy.sessionIdleTimeout.wholeSeconds])
    }

    func touch(sessionID: Int64, now: Date, in db: Database) throws {
        try db.execute("UPDATE sessions SET last_used_at = ? WHERE id = ?", [now.databaseSeconds, sessionID])
    }

    /// Revokes one session; returns how many were still live (0 or 1).
    func revoke(sessionID: Int64, now: Date, in db: Database) throws -> Int {
        try db.execute(
            "UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [now.databaseSeconds, sessionID])
        return db.changes
    }

    /// Revokes every live session of a user but `keeping`; returns how many it ended.
    func revokeAll(userID: Int64, keeping: Int64? = nil, now: Date, in db: Database) throws -> Int {
        try db.execute(
            "UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND id IS NOT ?",
            [now.databaseSeconds, userID, keeping])
        return db.changes
    }
}
