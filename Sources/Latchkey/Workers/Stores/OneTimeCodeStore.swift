import Foundation

/// One-time codes on the shared `DatabaseWorker`, inside the caller's transaction.
struct OneTimeCodeStore: Sendable {
    /// Stores a new code for `userID` and `kind`, replacing the one before it.
    func replace(
        userID: Int64, kind: OneTimeCodeKind, codeHash: [UInt8], linkHash: [UInt8], email: String? = nil,
        expiresAt: Date, now: Date, in db: Database
    ) throws {
        try db.execute("DELETE FROM one_time_codes WHERE user_id = ? AND kind = ?", [userID, kind.rawValue])
        try db.execute(
            """
            INSERT INTO one_time_codes (user_id, kind, code_hash, link_hash, email, email_key, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                userID, kind.rawValue, codeHash, linkHash, email, email.map(EmailKey.of), now.databaseSeconds,
                expiresAt.databaseSeconds,
            ])
    }

    /// Makes a new code of `kind` for `userID`, stores its hashes (replacing the one before it) and
    /// answers it with its expiry: the one place codes are made.
    func make(
        for userID: Int64, kind: OneTimeCodeKind, email: String? = nil, secret: InstallationSecret,
        policy: SecurityPolicy, now: Date, in db: Database
    ) throws -> (OneTimeCode, expiresAt: Date) {
        let code = OneTimeCode.make()
        let expires = now.addingTimeInterval(TimeInterval(policy.oneTimeCodeLifetime.wholeSeconds))
        guard let codeHash = try OneTimeCode.hash(code.code, userID: userID, kind: kind, secret: secret),
            let linkHash = OneTimeCode.linkHash(code.linkToken)
        else { throw DatabaseError.misused("a fresh one-time code did not hash") }
        try replace(
            userID: userID, kind: kind, codeHash: codeHash, linkHash: linkHash, email: email, expiresAt: expires,
            now: now, in: db)
        return (code, expires)
    }

    /// The user's live code of `kind`, if any.
    func find(userID: Int64, kind: OneTimeCodeKind, in db: Database) throws -> StoredOneTimeCode? {
        try db.queryFirst(
            """
            SELECT id, user_id, kind, code_hash, created_at, expires_at, email FROM one_time_codes
            WHERE user_id = ? AND kind = ?
            """,
            [userID, kind.rawValue], Self.row)
    }

    /// The code a link token belongs to, if any.
    func find(linkHash: [UInt8], in db: Database) throws -> StoredOneTimeCode? {
        try db.queryFirst(
            """
            SELECT id, user_id, kind, code_hash, created_at, expires_at, email FROM one_time_codes
            WHERE link_hash = ?
            """,
            [linkHash],
            Self.row)
    }

    /// Uses the code: deletes it if it is still there. Exactly one of several transactions racing
    /// for one code sees `true`.
    func consume(_ code: StoredOneTimeCode, in db: Database) throws -> Bool {
        try db.execute("DELETE FROM one_time_codes WHERE id = ? AND code_hash = ?", [code.id, code.codeHash])
        return db.changes == 1
    }

    /// Drops the address from every verification code but `userID`'s that waits to prove `key`: the
    /// code stays, so using it answers that another account verified the address. Answers whose.
    func dropPendingEmail(key: String, exceptUserID userID: Int64, in db: Database) throws -> [Int64] {
        try db.query(
            """
            UPDATE one_time_codes SET email = NULL, email_key = NULL
            WHERE kind = ? AND email_key = ? AND user_id <> ? RETURNING user_id
            """, [OneTimeCodeKind.emailVerification.rawValue, key, userID]
        ) { try $0.int64("user_id") }
    }

    /// Ends the request cooldown of the code with `linkHash` (its message never reached anyone, so
    /// there is no code of the owner's to protect): the next request issues a new one at once.
    func endCooldown(linkHash: [UInt8], by cooldown: Duration, in db: Database) throws {
        try db.execute(
            "UPDATE one_time_codes SET created_at = created_at - ? WHERE link_hash = ?",
            [cooldown.wholeSeconds, linkHash])
    }

    /// Deletes every outstanding code of the user (after a reset), or only those of `kind`.
    func deleteAll(userID: Int64, kind: OneTimeCodeKind? = nil, in db: Database) throws {
        if let kind {
            try db.execute("DELETE FROM one_time_codes WHERE user_id = ? AND kind = ?", [userID, kind.rawValue])
        } else {
            try db.execute("DELETE FROM one_time_codes WHERE user_id = ?", [userID])
        }
    }

    private static func row(_ row: Row) throws -> StoredOneTimeCode {
        StoredOneTimeCode(
            id: try row.int64("id"), userID: try row.int64("user_id"),
            kind: OneTimeCodeKind(rawValue: try row.string("kind")) ?? .passwordReset,
            codeHash: try row.bytes("code_hash"), createdAt: try row.date("created_at"),
            expiresAt: try row.date("expires_at"),
            email: try row.optionalString("email"))
    }
}
