import Foundation

/// A new account, validated, with its password already hashed.
struct NewAccount {
    let username: Username
    let email: EmailAddress?
    let phone: PhoneNumber?
    let displayName: String?
    let passwordHash: String
}

/// An account as sign-in needs it: the profile, the hash to verify, and whether it is disabled.
struct AccountCredentials {
    let profile: UserProfile
    let passwordHash: String
    let isDisabled: Bool
}

/// A username or email that another account already has.
enum AccountConflict: Error, Equatable {
    case usernameTaken, emailTaken
}

/// Account queries on the shared `DatabaseWorker`, run inside the caller's transaction.
struct AccountStore: Sendable {
    static let profileColumns =
        "users.id, users.username, users.email, users.phone, users.display_name, users.created_at, users.last_login_at"

    /// Decodes the seven `profileColumns` from column 0. The previous sign-in is the user's last one,
    /// unless a session knows the one before it (`previousLogin`).
    static func profile(_ row: Row, previousLogin: Int64?? = .none) throws -> UserProfile {
        UserProfile(
            id: try row.int64(0),
            username: try row.string(1),
            email: try row.optionalString(2),
            phone: try row.optionalString(3).flatMap { PhoneNumber(e164: $0) },
            displayName: try row.optionalString(4),
            createdAt: Date(databaseSeconds: try row.int64(5)),
            previousLoginAt: (try previousLogin ?? row.optionalInt64(6)).map { Date(databaseSeconds: $0) })
    }

    func insert(_ account: NewAccount, now: Date, in db: Database) throws -> UserProfile {
        do {
            try db.execute(
                """
                INSERT INTO users (username, email, phone, display_name, password_hash, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    account.username.value, account.email?.value, account.phone?.e164, account.displayName,
                    account.passwordHash, now.databaseSeconds, now.databaseSeconds,
                ])
        } catch let error as DatabaseError where error.sqliteError?.constraint == .unique {
            let columns = error.sqliteError?.constrainedColumns ?? []
            throw columns.contains("users.email") ? AccountConflict.emailTaken : AccountConflict.usernameTaken
        }
        return UserProfile(
            id: db.lastInsertRowID, username: account.username.value, email: account.email?.value,
            phone: account.phone, displayName: account.displayName, createdAt: now, previousLoginAt: nil)
    }

    func credentials(for username: Username, in db: Database) throws -> AccountCredentials? {
        try db.queryFirst(
            "SELECT \(Self.profileColumns), password_hash, disabled_at FROM users WHERE username = ?", [username.value]
        ) { row in
            AccountCredentials(
                profile: try Self.profile(row), passwordHash: try row.string(7), isDisabled: !row.isNull(8))
        }
    }

    func updatePasswordHash(userID: Int64, to hash: String, now: Date, in db: Database) throws {
        try db.execute(
            "UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", [hash, now.databaseSeconds, userID])
    }

    func recordLogin(userID: Int64, now: Date, in db: Database) throws {
        try db.execute("UPDATE users SET last_login_at = ? WHERE id = ?", [now.databaseSeconds, userID])
    }
}
