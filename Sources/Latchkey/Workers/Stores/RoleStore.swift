/// The `user_roles` table, inside the caller's transaction.
struct RoleStore: Sendable {
    /// The user's roles, sorted.
    func roles(userID: Int64, in db: Database) throws -> [String] {
        try db.query("SELECT role FROM user_roles WHERE user_id = ? ORDER BY role", [userID]) { try $0.string("role") }
    }

    /// Adds `role`; false when the user had it.
    func add(_ role: RoleName, userID: Int64, in db: Database) throws -> Bool {
        try db.execute(
            "INSERT INTO user_roles (user_id, role) VALUES (?, ?) ON CONFLICT DO NOTHING", [userID, role.value])
        return db.changes > 0
    }

    /// Removes `role`; false when the user did not have it.
    func remove(_ role: RoleName, userID: Int64, in db: Database) throws -> Bool {
        try db.execute("DELETE FROM user_roles WHERE user_id = ? AND role = ?", [userID, role.value])
        return db.changes > 0
    }
}
