/// A role name: the username rules (3–32 of `a-z 0-9 . _ -`, lower case).
package struct RoleName: Sendable, Hashable, CustomStringConvertible {
    /// The normalized name.
    package let value: String

    /// Checks `input` as a username is checked.
    package init(_ input: String) throws(Username.Problem) {
        value = try Username(input).value
    }

    package var description: String { value }
}

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
