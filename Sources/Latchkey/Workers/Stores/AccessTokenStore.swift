import Foundation

/// Access token queries on the shared `DatabaseWorker`, by token hash or owner, inside the caller's
/// transaction.
struct AccessTokenStore: Sendable {
    private static let columns = """
        access_tokens.id AS token_id, access_tokens.name AS token_name, access_tokens.token_hash AS token_hash,
        access_tokens.created_at AS token_created_at, access_tokens.expires_at AS token_expires_at,
        access_tokens.last_used_at AS token_last_used_at, access_tokens.last_used_address AS token_address,
        access_tokens.last_used_agent AS token_agent
        """

    func create(
        userID: Int64, name: String, token: AccessToken, roles: [String], expiresAt: Date?, now: Date,
        in db: Database
    ) throws -> AccessTokenInfo {
        let hash = token.hash
        let id = try db.queryFirst(
            """
            INSERT INTO access_tokens (user_id, name, token_hash, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?) RETURNING id
            """, [userID, name, hash, now.databaseSeconds, expiresAt?.databaseSeconds]
        ) { try $0.int64("id") }
        guard let id else { throw DatabaseError.misused("INSERT … RETURNING id gave no row") }
        for role in roles {
            try db.execute("INSERT INTO access_token_roles (token_id, role) VALUES (?, ?)", [id, role])
        }
        return AccessTokenInfo(
            id: id, shortID: SessionShortID.make(hash), name: name, roles: roles.sorted(), createdAt: now,
            expiresAt: expiresAt, lastUsedAt: nil, lastUsedAddress: nil, lastUsedAgent: nil)
    }

    /// The token, its user, and the roles it may use now, in one statement (one round trip).
    private static let findOnSQLite = findSQL(in: .sqlite)
    private static let findOnPostgreSQL = findSQL(in: .postgresql)

    static func findSQL(in dialect: SQLDialect) -> String {
        """
        SELECT \(AccountRow.columns), \(columns), access_tokens.revoked_at AS token_revoked_at,
            \(dialect.sortedList(
                "role", from: "access_token_roles",
                where: "token_id = access_tokens.id AND role IN (SELECT role FROM user_roles WHERE user_id = users.id)"
            )) AS effective_roles
        FROM access_tokens JOIN users ON users.id = access_tokens.user_id
        WHERE access_tokens.token_hash = ?
        """
    }

    func find(_ token: AccessToken, in db: Database) throws -> StoredAccessToken? {
        let sql = db.dialect == .sqlite ? Self.findOnSQLite : Self.findOnPostgreSQL
        return try db.queryFirst(sql, [token.hash]) { row in
            let account = try AccountRow(row)
            var user = account.profile
            user.roles = try Self.list(row, "effective_roles")
            return StoredAccessToken(
                token: try Self.info(row, roles: []), user: user,
                isRevoked: !(try row.isNull("token_revoked_at")), isUserDisabled: account.isDisabled,
                passwordChangeRequired: account.passwordChangeRequired)
        }
    }

    /// The user's tokens that can still be used, newest first, with the roles each carries.
    func live(userID: Int64, now: Date, in db: Database) throws -> [AccessTokenInfo] {
        try db.query(
            """
            SELECT \(Self.columns),
                \(db.dialect.sortedList("role", from: "access_token_roles", where: "token_id = access_tokens.id"))
                    AS token_roles
            FROM access_tokens
            WHERE user_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
            ORDER BY created_at DESC, id DESC
            """, [userID, now.databaseSeconds]
        ) { row in try Self.info(row, roles: try Self.list(row, "token_roles")) }
    }

    /// Records a use: at most once per `granularity`, with where it came from.
    func touch(
        tokenID: Int64, client: ClientContext?, now: Date, granularity: Duration, in db: Database
    ) throws {
        try db.execute(
            """
            UPDATE access_tokens SET last_used_at = ?, last_used_address = ?, last_used_agent = ?
            WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)
            """,
            [
                now.databaseSeconds, client?.address, client?.userAgent, tokenID,
                now.databaseSeconds - granularity.wholeSeconds,
            ])
    }

    /// Revokes the user's live tokens whose short id is `shortID`; answers how many (0 or 1; two
    /// tokens of one user sharing 32 bits of hash would both go, which is the safe side).
    func revoke(userID: Int64, shortID: String, now: Date, in db: Database) throws -> [AccessTokenInfo] {
        let matching = try live(userID: userID, now: now, in: db).filter { $0.shortID == shortID }
        for token in matching {
            try db.execute(
                "UPDATE access_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                [now.databaseSeconds, token.id])
        }
        return matching
    }

    /// Revokes the user's tokens that could still be used (recovery ends them); answers how many.
    func revokeLive(userID: Int64, now: Date, in db: Database) throws -> Int {
        try db.execute(
            """
            UPDATE access_tokens SET revoked_at = ?
            WHERE user_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
            """, [now.databaseSeconds, userID, now.databaseSeconds])
        return db.changes
    }

    /// Revokes every token of a user (disabling the account ends them); answers how many.
    func revokeAll(userID: Int64, now: Date, in db: Database) throws -> Int {
        try db.execute(
            "UPDATE access_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL",
            [now.databaseSeconds, userID])
        return db.changes
    }

    private static func info(_ row: Row, roles: [String]) throws -> AccessTokenInfo {
        AccessTokenInfo(
            id: try row.int64("token_id"), shortID: SessionShortID.make(try row.bytes("token_hash")),
            name: try row.string("token_name"), roles: roles, createdAt: try row.date("token_created_at"),
            expiresAt: try row.optionalDate("token_expires_at"), lastUsedAt: try row.optionalDate("token_last_used_at"),
            lastUsedAddress: try row.optionalString("token_address"),
            lastUsedAgent: try row.optionalString("token_agent"))
    }

    private static func list(_ row: Row, _ column: String) throws -> [String] {
        try row.optionalString(column)?.split(separator: ",").map(String.init) ?? []
    }
}
