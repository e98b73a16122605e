import Foundation

/// Account queries on the shared `DatabaseWorker`, run inside the caller's transaction.
struct AccountStore: Sendable {
    func insert(_ account: NewAccount, now: Date, in db: Database) throws -> UserProfile {
        // An unverified address reserves nothing, so only a verified one refuses a new account (the
        // unique index covers verified addresses alone).
        if let email = account.email, try emailVerifiedByAnother(email, userID: nil, in: db) {
            throw AccountConflictError.emailTaken
        }
        let id: Int64?
        do {
            id = try db.queryFirst(
                """
                INSERT INTO users (username, email, email_key, phone, display_name, password_hash, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """,
                [
                    account.username.value, account.email?.value, account.email?.key, account.phone?.e164,
                    account.displayName?.value, account.passwordHash, now.databaseSeconds, now.databaseSeconds,
                ]
            ) { try $0.int64("id") }
        } catch let error as DatabaseError where error.constraint == .unique {
            throw error.brokeUniqueness(of: "users", "email_key")
                ? AccountConflictError.emailTaken : AccountConflictError.usernameTaken
        }
        guard let id else { throw DatabaseError.misused("INSERT … RETURNING id gave no row") }
        return UserProfile(
            id: id, username: account.username.value, email: account.email?.value,
            phone: account.phone, displayName: account.displayName?.value, createdAt: now, previousLoginAt: nil)
    }

    private static let byUsername =
        "SELECT \(CredentialsRow.columns) FROM \(CredentialsRow.source) WHERE users.username = ?"

    func credentials(for username: Username, in db: Database) throws -> AccountCredentials? {
        try db.queryFirst(Self.byUsername, [username.value]) { try CredentialsRow($0).credentials }
    }

    /// The account whose email is `email` (any case) and has been verified.
    func credentials(verifiedEmail email: EmailAddress, in db: Database) throws -> AccountCredentials? {
        try db.queryFirst(
            """
            SELECT \(CredentialsRow.columns) FROM \(CredentialsRow.source)
            WHERE users.email_key = ? AND users.email_verified_at IS NOT NULL
            """, [email.key]
        ) { try CredentialsRow($0).credentials }
    }

    func credentials(userID: Int64, in db: Database) throws -> AccountCredentials? {
        try db.queryFirst("SELECT \(CredentialsRow.columns) FROM \(CredentialsRow.source) WHERE users.id = ?", [userID])
        {
            try CredentialsRow($0).credentials
        }
    }

    /// The stored hash of `userID` right now: compared inside a write transaction with the hash that
    /// was verified before it, so a decision taken outside the transaction still holds.
    func passwordHash(userID: Int64, in db: Database) throws -> String? {
        try db.queryFirst(
            """
            SELECT COALESCE(imported_passwords.hash, users.password_hash) AS password_hash
            FROM \(CredentialsRow.source) WHERE users.id = ? AND users.disabled_at IS NULL
            """, [userID]
        ) { try $0.string("password_hash") }
    }

    /// Stores a new hash; a password set by its owner or an operator ends any required change.
    func updatePasswordHash(userID: Int64, to hash: String, now: Date, in db: Database) throws {
        try db.execute("DELETE FROM imported_passwords WHERE user_id = ?", [userID])
        try db.execute(
            "UPDATE users SET password_hash = ?, updated_at = ?, password_change_required = 0 WHERE id = ?",
            [hash, now.databaseSeconds, userID])
    }

    /// Sets or clears the display name and the phone (nil leaves a field as it is).
    func updateContact(
        userID: Int64, displayName: EditProfile.FieldChange, phone: EditProfile.FieldChange, now: Date,
        in db: Database
    ) throws {
        for (column, change) in [("display_name", displayName), ("phone", phone)] {
            switch change {
            case .keep: continue
            case .remove:
                try db.execute(
                    "UPDATE users SET \(column) = NULL, updated_at = ? WHERE id = ?", [now.databaseSeconds, userID])
            case .set(let value):
                try db.execute(
                    "UPDATE users SET \(column) = ?, updated_at = ? WHERE id = ?", [value, now.databaseSeconds, userID])
            }
        }
    }

    /// True when an account other than `userID` (any account, for nil) has verified `email`: an
    /// unverified address reserves nothing.
    func emailVerifiedByAnother(_ email: EmailAddress, userID: Int64?, in db: Database) throws -> Bool {
        try db.queryFirst(
            "SELECT id FROM users WHERE email_key = ? AND email_verified_at IS NOT NULL AND id <> ?",
            [email.key, userID ?? 0]
        ) { _ in true } ?? false
    }

    /// Removes `email` from every account but `userID` that holds it unverified (the first account to
    /// verify an address gets it); answers those accounts' ids.
    func dropUnverifiedEmail(_ email: EmailAddress, exceptUserID userID: Int64, now: Date, in db: Database) throws
        -> [Int64]
    {
        try db.query(
            """
            UPDATE users SET email = NULL, email_key = NULL, updated_at = ?
            WHERE email_key = ? AND email_verified_at IS NULL AND id <> ? RETURNING id
            """, [now.databaseSeconds, email.key, userID]
        ) { try $0.int64("id") }
    }

    /// Makes `email` the account's address, verified now (the unique key refuses a second account).
    func setVerifiedEmail(userID: Int64, to email: EmailAddress, now: Date, in db: Database) throws {
        try db.execute(
            "UPDATE users SET email = ?, email_key = ?, email_verified_at = ?, updated_at = ? WHERE id = ?",
            [email.value, email.key, now.databaseSeconds, now.databaseSeconds, userID])
    }

    /// Removes the account's address.
    func removeEmail(userID: Int64, now: Date, in db: Database) throws {
        try db.execute(
            "UPDATE users SET email = NULL, email_key = NULL, email_verified_at = NULL, updated_at = ? WHERE id = ?",
            [now.databaseSeconds, userID])
    }

    /// Replaces a hash made at weaker parameters, or an imported one, keeping everything else (a
    /// required change too).
    func rehash(userID: Int64, to hash: String, now: Date, in db: Database) throws {
        try db.execute("DELETE FROM imported_passwords WHERE user_id = ?", [userID])
        try db.execute(
            "UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", [hash, now.databaseSeconds, userID])
    }

    func recordLogin(userID: Int64, now: Date, in db: Database) throws {
        try db.execute("UPDATE users SET last_login_at = ? WHERE id = ?", [now.databaseSeconds, userID])
    }

    /// Clears the disabled mark; false when it was not disabled.
    func enable(userID: Int64, now: Date, in db: Database) throws -> Bool {
        try db.execute(
            "UPDATE users SET disabled_at = NULL, updated_at = ? WHERE id = ? AND disabled_at IS NOT NULL",
            [now.databaseSeconds, userID])
        return db.changes > 0
    }

    /// Requires a new password at the next sign-in.
    func requirePasswordChange(userID: Int64, now: Date, in db: Database) throws {
        try db.execute(
            "UPDATE users SET password_change_required = 1, updated_at = ? WHERE id = ?", [now.databaseSeconds, userID])
    }

    /// Erases the account (its sessions and roles go with it, by foreign key).
    func delete(userID: Int64, in db: Database) throws {
        try db.execute("DELETE FROM users WHERE id = ?", [userID])
    }

    /// Accounts whose username, email or display name holds `search` (any case), by username.
    func list(search: String?, limit: Int, in db: Database) throws -> [AccountCredentials] {
        // No search is the pattern that matches every row.
        let pattern =
            "%"
            + (search ?? "").lowercased().replacing("\\", with: "\\\\").replacing("%", with: "\\%")
            .replacing("_", with: "\\_") + "%"
        return try db.query(
            """
            SELECT \(CredentialsRow.columns) FROM \(CredentialsRow.source)
            WHERE lower(users.username) LIKE ? ESCAPE '\\' OR lower(coalesce(users.email, '')) LIKE ? ESCAPE '\\'
                OR lower(coalesce(users.display_name, '')) LIKE ? ESCAPE '\\'
            ORDER BY users.username LIMIT ?
            """, [pattern, pattern, pattern, limit]
        ) { try CredentialsRow($0).credentials }
    }

    /// Marks the account disabled; false when it already was.
    func disable(userID: Int64, now: Date, in db: Database) throws -> Bool {
        try db.execute(
            "UPDATE users SET disabled_at = ?, updated_at = ? WHERE id = ? AND disabled_at IS NULL",
            [now.databaseSeconds, now.databaseSeconds, userID])
        return db.changes > 0
    }
}
