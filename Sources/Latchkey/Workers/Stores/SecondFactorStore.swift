import Foundation

/// The second-factor tables, inside the caller's transaction.
struct SecondFactorStore: Sendable {
    func factor(userID: Int64, in db: Database) throws -> StoredFactor? {
        try db.queryFirst("SELECT secret_box, enabled_at, last_step FROM second_factors WHERE user_id = ?", [userID]) {
            StoredFactor(
                sealedSecret: try $0.bytes("secret_box"), isEnabled: !(try $0.isNull("enabled_at")),
                lastStep: try $0.optionalInt64("last_step"))
        }
    }

    /// Stores a new, unconfirmed factor, replacing an unconfirmed one.
    func savePending(userID: Int64, sealedSecret: [UInt8], now: Date, in db: Database) throws {
        try db.execute(
            """
            INSERT INTO second_factors (user_id, secret_box, created_at) VALUES (?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET
                secret_box = excluded.secret_box, created_at = excluded.created_at, enabled_at = NULL, last_step = NULL
            """, [userID, sealedSecret, now.databaseSeconds])
    }

    func enable(userID: Int64, now: Date, in db: Database) throws {
        try db.execute("UPDATE second_factors SET enabled_at = ? WHERE user_id = ?", [now.databaseSeconds, userID])
    }

    /// Records `step` as used; false when it (or a later one) already was: a code works once.
    func accept(step: Int64, userID: Int64, in db: Database) throws -> Bool {
        try db.execute(
            "UPDATE second_factors SET last_step = ? WHERE user_id = ? AND (last_step IS NULL OR last_step < ?)",
            [step, userID, step])
        return db.changes == 1
    }

    /// Removes the factor and its recovery codes; false when there was none.
    func remove(userID: Int64, in db: Database) throws -> Bool {
        try db.execute("DELETE FROM recovery_codes WHERE user_id = ?", [userID])
        try db.execute("DELETE FROM second_factors WHERE user_id = ?", [userID])
        return db.changes > 0
    }

    func replaceRecoveryCodes(userID: Int64, hashes: [[UInt8]], in db: Database) throws {
        try db.execute("DELETE FROM recovery_codes WHERE user_id = ?", [userID])
        for hash in hashes {
            try db.execute("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)", [userID, hash])
        }
    }

    /// Marks the unused code with `hash` used; false when there is none.
    func useRecoveryCode(userID: Int64, hash: [UInt8], now: Date, in db: Database) throws -> Bool {
        try db.execute(
            "UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL",
            [now.databaseSeconds, userID, hash])
        return db.changes == 1
    }

    /// Fills the profile's second-factor fields.
    func describe(_ user: inout UserProfile, in db: Database) throws {
        user.secondFactorOn = try factor(userID: user.id, in: db)?.isEnabled ?? false
        user.recoveryCodesLeft = user.secondFactorOn ? try recoveryCodesLeft(userID: user.id, in: db) : 0
    }

    func recoveryCodesLeft(userID: Int64, in db: Database) throws -> Int {
        Int(
            try db.queryFirst(
                "SELECT count(*) AS left FROM recovery_codes WHERE user_id = ? AND used_at IS NULL", [userID]
            ) { try $0.int64("left") } ?? 0)
    }

    func createChallenge(hash: [UInt8], _ challenge: PendingChallenge, now: Date, in db: Database) throws {
        try db.execute("DELETE FROM login_challenges WHERE expires_at <= ?", [now.databaseSeconds])
        try db.execute(
            "INSERT INTO login_challenges (challenge_hash, user_id, verified_hash, label, expires_at) VALUES (?, ?, ?, ?, ?)",
            [hash, challenge.userID, challenge.verifiedHash, challenge.label, challenge.expiresAt.databaseSeconds])
    }

    func challenge(hash: [UInt8], in db: Database) throws -> PendingChallenge? {
        try db.queryFirst(
            "SELECT user_id, verified_hash, label, expires_at FROM login_challenges WHERE challenge_hash = ?", [hash]
        ) {
            PendingChallenge(
                userID: try $0.int64("user_id"), verifiedHash: try $0.string("verified_hash"),
                label: try $0.optionalString("label"), expiresAt: try $0.date("expires_at"))
        }
    }

    /// Counts a wrong code against a challenge, and deletes the challenge at `limit` wrong codes.
    func countWrongCode(hash: [UInt8], limit: Int, in db: Database) throws {
        try db.execute("UPDATE login_challenges SET wrong_codes = wrong_codes + 1 WHERE challenge_hash = ?", [hash])
        try db.execute("DELETE FROM login_challenges WHERE challenge_hash = ? AND wrong_codes >= ?", [hash, limit])
    }

    func deleteChallenge(hash: [UInt8], in db: Database) throws {
        try db.execute("DELETE FROM login_challenges WHERE challenge_hash = ?", [hash])
    }
}
