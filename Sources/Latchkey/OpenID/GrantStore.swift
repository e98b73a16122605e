import Foundation

/// The OpenID provider's rows, inside the caller's transaction: authorization codes, the grant
/// sessions codes are exchanged for, and their refresh tokens. Secrets go in as hashes only.
struct GrantStore: Sendable {
    /// How long a used or expired code is kept, so that a replay within it still revokes its grant.
    static let usedCodeRetention: TimeInterval = 3_600

    private static let codeColumns = """
        client_id, user_id, redirect_uri, scopes, nonce, code_challenge, auth_time, amr, expires_at, used_at,
        grant_session_id
        """

    func insert(code: ProviderSecret, _ issued: IssuedCode, now: Date, in db: Database) throws {
        // Codes past their use to a replay are dropped here, on the path that makes new ones.
        try db.execute(
            "DELETE FROM oidc_codes WHERE expires_at < ?",
            [now.addingTimeInterval(-Self.usedCodeRetention).databaseSeconds]
        )
        try db.execute(
            """
            INSERT INTO oidc_codes (
                code_hash, client_id, user_id, redirect_uri, scopes, nonce, code_challenge, auth_time, amr,
                created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                code.hash, issued.clientID, issued.userID, issued.redirectURI, OIDCScope.text(issued.scopes),
                issued.nonce, issued.codeChallenge, issued.authTime.databaseSeconds,
                AuthenticationMethod.stored(issued.methods), now.databaseSeconds, issued.expiresAt.databaseSeconds,
            ])
    }

    /// The code with this hash, used or not.
    func code(hash: [UInt8], in db: Database) throws -> IssuedCode? {
        try db.queryFirst("SELECT \(Self.codeColumns) FROM oidc_codes WHERE code_hash = ?", [hash], Self.code)
    }

    /// The code a grant session was made from: its scopes, nonce and sign-in.
    func code(ofGrant sessionID: Int64, in db: Database) throws -> IssuedCode? {
        try db.queryFirst(
            "SELECT \(Self.codeColumns) FROM oidc_codes WHERE grant_session_id = ?", [sessionID], Self.code)
    }

    /// Marks the code used; false when it already was.
    func use(codeHash: [UInt8], now: Date, in db: Database) throws -> Bool {
        try db.execute(
            "UPDATE oidc_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL",
            [now.databaseSeconds, codeHash])
        return db.changes == 1
    }

    /// Records the grant a code was exchanged for, so a replay can end it.
    func attach(grant sessionID: Int64, toCode codeHash: [UInt8], in db: Database) throws {
        try db.execute("UPDATE oidc_codes SET grant_session_id = ? WHERE code_hash = ?", [sessionID, codeHash])
    }

    /// Opens the grant session of a code's exchange: a session of `clientID` whose token nobody
    /// holds. Answers its row ID and token hash (the `sid` its tokens carry).
    func openGrant(
        userID: Int64, clientID: Int64, methods: [AuthenticationMethod], client: ClientContext?, now: Date,
        lifetime: Duration, in db: Database
    ) throws -> (id: Int64, hash: [UInt8]) {
        let hash = SHA256Digest.hash(RandomBytes.make(32))
        let id = try db.queryFirst(
            """
            INSERT INTO sessions (
                user_id, token_hash, created_at, expires_at, last_used_at, client_address, client_agent, amr,
                oidc_client_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """,
            [
                userID, hash, now.databaseSeconds,
                now.addingTimeInterval(TimeInterval(lifetime.wholeSeconds)).databaseSeconds, now.databaseSeconds,
                client?.address, client?.userAgent, AuthenticationMethod.stored(methods), clientID,
            ]
        ) { try $0.int64("id") }
        guard let id else { throw DatabaseError.misused("INSERT … RETURNING id gave no row") }
        return (id, hash)
    }

    func insert(refreshToken: ProviderSecret, grant sessionID: Int64, now: Date, in db: Database) throws {
        try db.execute(
            "INSERT INTO oidc_refresh_tokens (token_hash, session_id, created_at) VALUES (?, ?, ?)",
            [refreshToken.hash, sessionID, now.databaseSeconds])
    }

    /// The grant session and use of the refresh token with this hash, and its grant's token hash.
    func refreshToken(hash: [UInt8], in db: Database) throws -> (
        sessionID: Int64, grantHash: [UInt8], usedAt: Date?
    )? {
        try db.queryFirst(
            """
            SELECT oidc_refresh_tokens.session_id, oidc_refresh_tokens.used_at, sessions.token_hash
            FROM oidc_refresh_tokens JOIN sessions ON sessions.id = oidc_refresh_tokens.session_id
            WHERE oidc_refresh_tokens.token_hash = ?
            """, [hash]
        ) { row in
            (try row.int64("session_id"), try row.bytes("token_hash"), try row.optionalDate("used_at"))
        }
    }

    /// Marks the refresh token used; false when it already was (a reuse).
    func use(refreshTokenHash hash: [UInt8], now: Date, in db: Database) throws -> Bool {
        try db.execute(
            "UPDATE oidc_refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL",
            [now.databaseSeconds, hash])
        return db.changes == 1
    }

    /// Ends a grant: its session is revoked, so every token it issued stops working.
    @discardableResult
    func revoke(grant sessionID: Int64, now: Date, in db: Database) throws -> Bool {
        try db.execute(
            "UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL AND oidc_client_id IS NOT NULL",
            [now.databaseSeconds, sessionID])
        return db.changes == 1
    }

    private static func code(_ row: Row) throws -> IssuedCode {
        IssuedCode(
            clientID: try row.int64("client_id"), userID: try row.int64("user_id"),
            redirectURI: try row.string("redirect_uri"), scopes: OIDCScope.scopes(try row.string("scopes")),
            nonce: try row.optionalString("nonce"), codeChallenge: try row.optionalString("code_challenge"),
            authTime: try row.date("auth_time"), methods: AuthenticationMethod.read(try row.optionalString("amr")),
            expiresAt: try row.date("expires_at"), usedAt: try row.optionalDate("used_at"),
            grantSessionID: try row.optionalInt64("grant_session_id"))
    }
}
