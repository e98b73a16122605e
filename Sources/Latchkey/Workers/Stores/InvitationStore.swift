import Foundation

/// The `invitations` and `invitation_roles` tables, inside the caller's transaction.
struct InvitationStore: Sendable {
    /// Stores a new invitation (its code's hash only) with the roles it grants.
    func create(
        code: InvitationCode, email: EmailAddress?, roles: [RoleName], createdBy: String, expiresAt: Date,
        now: Date, in db: Database
    ) throws -> Int64 {
        let id = try db.queryFirst(
            """
            INSERT INTO invitations (code_hash, email, email_key, created_by, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?) RETURNING id
            """,
            [
                code.hash, email?.value, email.map { EmailKey.of($0.value) }, createdBy, now.databaseSeconds,
                expiresAt.databaseSeconds,
            ]
        ) { try $0.int64("id") }
        guard let id else { throw DatabaseError.misused("INSERT … RETURNING id gave no row") }
        for role in Set(roles) {
            try db.execute("INSERT INTO invitation_roles (invitation_id, role) VALUES (?, ?)", [id, role.value])
        }
        return id
    }

    /// The invitation `code` opens, used or not, if any: a revoked one opens nothing, as a code
    /// never issued.
    func find(_ code: InvitationCode, in db: Database) throws -> StoredInvitation? {
        try db.queryFirst(
            "SELECT id, email_key, expires_at, used_at FROM invitations WHERE code_hash = ? AND revoked_at IS NULL",
            [code.hash], Self.row)
    }

    /// Uses the invitation if it is still unused and unexpired: of several transactions racing with
    /// one code, exactly one gets it back; the others get nil.
    func use(_ code: InvitationCode, now: Date, in db: Database) throws -> StoredInvitation? {
        try db.queryFirst(
            """
            UPDATE invitations SET used_at = ?
            WHERE code_hash = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?
            RETURNING id, email_key, expires_at, used_at
            """, [now.databaseSeconds, code.hash, now.databaseSeconds], Self.row)
    }

    /// Records which account the used invitation made, and grants that account the invitation's
    /// roles; answers the roles, sorted.
    func complete(invitationID: Int64, userID: Int64, in db: Database) throws -> [String] {
        try db.execute("UPDATE invitations SET used_by = ? WHERE id = ?", [userID, invitationID])
        try db.execute(
            """
            INSERT INTO user_roles (user_id, role)
            SELECT ?, role FROM invitation_roles WHERE invitation_id = ?
            ON CONFLICT DO NOTHING
            """, [userID, invitationID])
        return try db.query(
            "SELECT role FROM invitation_roles WHERE invitation_id = ? ORDER BY role", [invitationID]
        ) { try $0.string("role") }
    }

    /// Invitations newest first, at most `limit`: those still usable at `now`, or with `all` every
    /// one (used, expired and revoked too). Never a code or its hash.
    func list(all: Bool, now: Date, limit: Int, in db: Database) throws -> [InvitationRecord] {
        let pending = all ? "" : "WHERE i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ?"
        let values: [any SQLBindable] = all ? [limit] : [now.databaseSeconds, limit]
        var records = try db.query(
            """
            SELECT i.id, i.email, i.created_by, i.created_at, i.expires_at, i.used_at, i.revoked_at,
                u.username AS used_by
            FROM invitations i LEFT JOIN users u ON u.id = i.used_by
            \(pending)
            ORDER BY i.created_at DESC, i.id DESC LIMIT ?
            """, values
        ) { row in
            InvitationRecord(
                id: try row.int64("id"), email: try row.optionalString("email"),
                createdBy: try row.string("created_by"), createdAt: try row.date("created_at"),
                expiresAt: try row.date("expires_at"), usedAt: try row.optionalDate("used_at"),
                usedBy: try row.optionalString("used_by"), revokedAt: try row.optionalDate("revoked_at"), roles: [])
        }
        for index in records.indices {
            records[index].roles = try db.query(
                "SELECT role FROM invitation_roles WHERE invitation_id = ? ORDER BY role", [records[index].id]
            ) { try $0.string("role") }
        }
        return records
    }

    /// Revokes the invitation `id` if it is neither used nor revoked yet; answers whether it did.
    func revoke(id: Int64, now: Date, in db: Database) throws -> Bool {
        try db.queryFirst(
            """
            UPDATE invitations SET revoked_at = ?
            WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL
            RETURNING id
            """, [now.databaseSeconds, id]
        ) { try $0.int64("id") } != nil
    }

    private static func row(_ row: Row) throws -> StoredInvitation {
        StoredInvitation(
            id: try row.int64("id"), emailKey: try row.optionalString("email_key"),
            expiresAt: try row.date("expires_at"), usedAt: try row.optionalDate("used_at"))
    }
}
