import Foundation

/// The `passkeys` and `passkey_user_handles` tables, inside the caller's transaction.
struct PasskeyStore: Sendable {
    private static let columns = """
        id, user_id, credential_id, public_key, algorithm, sign_count, name, aaguid, attestation_format,
        transports, backup_eligible, backed_up, user_verified, created_at, last_used_at, counter_regressed_at
        """

    /// Stores `passkey` for `userID`; nil when another account (or this one) has its credential ID
    /// already. The unique index decides, so two registrations racing with one ID cannot both win.
    func add(_ passkey: NewPasskey, userID: Int64, now: Date, in db: Database) throws -> StoredPasskey? {
        try db.queryFirst(
            """
            INSERT INTO passkeys (user_id, credential_id, public_key, algorithm, sign_count, name, aaguid,
                attestation_format, transports, backup_eligible, backed_up, user_verified, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (credential_id) DO NOTHING
            RETURNING \(Self.columns)
            """,
            [
                userID, passkey.credentialID, passkey.publicKey, passkey.algorithm, Int64(passkey.signCount),
                passkey.name, passkey.aaguid, passkey.attestationFormat, passkey.transports.joined(separator: ","),
                passkey.backupEligible ? 1 : 0, passkey.backedUp ? 1 : 0, passkey.userVerified ? 1 : 0,
                now.databaseSeconds,
            ], Self.row)
    }

    /// The account's passkeys, oldest first.
    func list(userID: Int64, in db: Database) throws -> [StoredPasskey] {
        try db.query("SELECT \(Self.columns) FROM passkeys WHERE user_id = ? ORDER BY id", [userID], Self.row)
    }

    /// How many passkeys the account has.
    func count(userID: Int64, in db: Database) throws -> Int {
        Int(try db.queryFirst("SELECT count(*) FROM passkeys WHERE user_id = ?", [userID]) { try $0.int64(at: 0) } ?? 0)
    }

    /// The passkey with `credentialID`, whoever's it is.
    func find(credentialID: [UInt8], in db: Database) throws -> StoredPasskey? {
        try db.queryFirst("SELECT \(Self.columns) FROM passkeys WHERE credential_id = ?", [credentialID], Self.row)
    }

    /// The account's passkey whose short ID is `shortID`.
    func find(userID: Int64, shortID: String, in db: Database) throws -> StoredPasskey? {
        try list(userID: userID, in: db).first { $0.shortID == shortID.lowercased() }
    }

    /// Records a sign-in: the new counter and backup state, and when. The counter is written only
    /// forward, so two sign-ins racing with one credential cannot move it back.
    func recordUse(id: Int64, signCount: UInt32, backedUp: Bool, now: Date, in db: Database) throws {
        try db.execute(
            """
            UPDATE passkeys SET sign_count = CASE WHEN sign_count < ? THEN ? ELSE sign_count END,
                backed_up = CASE WHEN backup_eligible = 1 THEN ? ELSE 0 END, last_used_at = ?
            WHERE id = ?
            """, [Int64(signCount), Int64(signCount), backedUp ? 1 : 0, now.databaseSeconds, id])
    }

    /// Marks the passkey whose counter went backwards (kept, for the user and the operator to see).
    func flagCounterRegression(id: Int64, now: Date, in db: Database) throws {
        try db.execute(
            "UPDATE passkeys SET counter_regressed_at = ? WHERE id = ? AND counter_regressed_at IS NULL",
            [now.databaseSeconds, id])
    }

    /// Renames one of the account's passkeys; false when it has none with that ID.
    func rename(id: Int64, userID: Int64, to name: String, in db: Database) throws -> Bool {
        try db.queryFirst(
            "UPDATE passkeys SET name = ? WHERE id = ? AND user_id = ? RETURNING id", [name, id, userID]
        ) { try $0.int64("id") } != nil
    }

    /// Removes one of the account's passkeys; false when it has none with that ID.
    func remove(id: Int64, userID: Int64, in db: Database) throws -> Bool {
        try db.queryFirst("DELETE FROM passkeys WHERE id = ? AND user_id = ? RETURNING id", [id, userID]) {
            try $0.int64("id")
        } != nil
    }

    /// The account's user handle, made (32 random bytes) the first time it is asked for.
    func userHandle(userID: Int64, in db: Database) throws -> [UInt8] {
        if let handle = try existingHandle(userID: userID, in: db) { return handle }
        try db.execute(
            "INSERT INTO passkey_user_handles (user_id, handle) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING",
            [userID, RandomBytes.make(32)])
        guard let handle = try existingHandle(userID: userID, in: db) else {
            throw DatabaseError.misused("a user handle just stored was not found")
        }
        return handle
    }

    /// The account a user handle belongs to, if any.
    func user(handle: [UInt8], in db: Database) throws -> Int64? {
        try db.queryFirst("SELECT user_id FROM passkey_user_handles WHERE handle = ?", [handle]) {
            try $0.int64("user_id")
        }
    }

    private func existingHandle(userID: Int64, in db: Database) throws -> [UInt8]? {
        try db.queryFirst("SELECT handle FROM passkey_user_handles WHERE user_id = ?", [userID]) {
            try $0.bytes("handle")
        }
    }

    private static func row(_ row: Row) throws -> StoredPasskey {
        let transports = try row.string("transports")
        return StoredPasskey(
            id: try row.int64("id"), userID: try row.int64("user_id"), credentialID: try row.bytes("credential_id"),
            publicKey: try row.bytes("public_key"), algorithm: Int(try row.int64("algorithm")),
            signCount: UInt32(clamping: try row.int64("sign_count")), name: try row.string("name"),
            aaguid: try row.bytes("aaguid"), attestationFormat: try row.string("attestation_format"),
            transports: transports.isEmpty ? [] : transports.split(separator: ",").map(String.init),
            backupEligible: try row.int64("backup_eligible") == 1, backedUp: try row.int64("backed_up") == 1,
            userVerified: try row.int64("user_verified") == 1, createdAt: try row.date("created_at"),
            lastUsedAt: try row.optionalDate("last_used_at"),
            counterRegressedAt: try row.optionalDate("counter_regressed_at"))
    }
}
