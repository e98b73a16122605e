import Foundation

/// Session queries on the shared `DatabaseWorker`, by token hash only, inside the caller's transaction.
/// The sessions it reads carry the policy's idle timeout, so each answers its own end.
struct SessionStore: Sendable {
    let idleTimeout: Duration

    /// Opens a session for `user`, signed in with `methods`.
    func create(
        for user: UserProfile, token: SessionToken, methods: [AuthenticationMethod], label: String?,
        client: ClientContext?, now: Date, lifetime: Duration, in db: Database
    ) throws -> SessionInfo {
        let expires = now.addingTimeInterval(TimeInterval(lifetime.wholeSeconds))
        let hash = token.hash
        let id = try db.queryFirst(
            """
            INSERT INTO sessions (
                user_id, token_hash, created_at, expires_at, last_used_at, previous_login_at, label, client_address,
                client_agent, amr)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """,
            [
                user.id, hash, now.databaseSeconds, expires.databaseSeconds, now.databaseSeconds,
                user.previousLoginAt?.databaseSeconds, label, client?.address, client?.userAgent,
                AuthenticationMethod.stored(methods),
            ]
        ) { try $0.int64("id") }
        guard let id else { throw DatabaseError.misused("INSERT … RETURNING id gave no row") }
        return SessionInfo(
            id: id, createdAt: now, expiresAt: expires, lastUsedAt: now, idleTimeout: idleTimeout, label: label,
            shortID: SessionShortID.make(hash), address: client?.address, userAgent: client?.userAgent,
            methods: methods)
    }

    /// The user's sessions that can still sign in, newest first: the rule of
    /// `SessionInfo.expiresIfUnused`, in SQL.
    func live(userID: Int64, now: Date, policy: SecurityPolicy, in db: Database) throws -> [SessionInfo] {
        try db.query(
            """
            SELECT \(SessionRow.columns),
                (SELECT name FROM oidc_clients WHERE oidc_clients.id = sessions.oidc_client_id) AS oidc_client_name
            FROM sessions
            WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? AND last_used_at > ?
            ORDER BY created_at DESC, id DESC
            """, [userID, now.databaseSeconds, now.databaseSeconds - policy.sessionIdleTimeout.wholeSeconds]
        ) { row in
            var session = try SessionRow.session(row, idleTimeout: idleTimeout)
            session.oidcClient = try row.optionalString("oidc_client_name")
            return session
        }
    }

    /// The session of a token with its user, the user's roles and second-factor state, in one
    /// statement (whoami runs this and nothing else; its text is built once per dialect, not per call).
    private static let findOnSQLite = findSQL(in: .sqlite)
    private static let findOnPostgreSQL = findSQL(in: .postgresql)

    static func findSQL(in dialect: SQLDialect) -> String {
        """
        SELECT \(AccountRow.columns), \(SessionRow.columns),
            \(dialect.sortedList("role", from: "user_roles", where: "user_id = users.id")) AS user_roles,
            (SELECT enabled_at IS NOT NULL FROM second_factors WHERE user_id = users.id) AS factor_on,
            (SELECT count(*) FROM recovery_codes WHERE user_id = users.id AND used_at IS NULL) AS codes_left
        FROM sessions JOIN users ON users.id = sessions.user_id
        WHERE sessions.token_hash = ?
        """
    }

    func find(_ token: SessionToken, in db: Database) throws -> StoredSession? {
        try find(hash: token.hash, in: db)
    }

    /// The session whose token has the SHA-256 `hash` (an OpenID grant is found by its `sid`).
    func find(hash: [UInt8], in db: Database) throws -> StoredSession? {
        try db.queryFirst(db.dialect == .sqlite ? Self.findOnSQLite : Self.findOnPostgreSQL, [hash], stored)
    }

    /// The grant session `hash` names if it is the client's whose client ID is `clientID`: the
    /// userinfo endpoint's one statement.
    func findGrant(hash: [UInt8], clientID: String, in db: Database) throws -> StoredSession? {
        try db.queryFirst(
            db.dialect == .sqlite ? Self.grantOnSQLite : Self.grantOnPostgreSQL, [hash, clientID], stored)
    }

    private static let grantOnSQLite = findSQL(in: .sqlite) + Self.ofClient
    private static let grantOnPostgreSQL = findSQL(in: .postgresql) + Self.ofClient
    private static let ofClient = " AND sessions.oidc_client_id = (SELECT id FROM oidc_clients WHERE client_id = ?)"

    private func stored(_ row: Row) throws -> StoredSession {
        var stored = try SessionRow(row, idleTimeout: idleTimeout).stored
        stored.user.roles = try row.optionalString("user_roles")?.split(separator: ",").map(String.init) ?? []
        stored.user.secondFactorOn = try row.optionalInt64("factor_on") == 1
        stored.user.recoveryCodesLeft = stored.user.secondFactorOn ? Int(try row.int64("codes_left")) : 0
        return stored
    }

    /// Deletes the user's sessions that can never authenticate again (revoked, expired or idle too long:
    /// the rule of `SessionInfo.expiresIfUnused`, in SQL).
    func purgeDead(userID: Int64, now: Date, policy: SecurityPolicy, in db: Database) throws {
        try db.execute(
            """
            DELETE FROM sessions WHERE user_id = ?
                AND (revoked_at IS NOT NULL OR expires_at <= ? OR last_used_at <= ?)
            """,
            [userID, now.databaseSeconds, now.databaseSeconds - policy.sessionIdleTimeout.wholeSeconds])
    }

    func touch(sessionID: Int64, now: Date, in db: Database) throws {
        try db.execute(
            "UPDATE sessions SET last_used_at = ? WHERE id = ? AND last_used_at < ?",
            [now.databaseSeconds, sessionID, now.databaseSeconds])
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
            "UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND id IS DISTINCT FROM ?",
            [now.databaseSeconds, userID, keeping])
        return db.changes
    }
}
