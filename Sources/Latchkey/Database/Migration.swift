/// One numbered schema change from the top-level Migrations/ folder.
package struct Migration: Sendable, Hashable {
    /// The number the file name starts with (`0002_create_sessions.sql` is 2).
    package let version: Int
    /// The rest of the file name (`create_sessions`).
    package let name: String
    /// The file's text, run as one script.
    package let sql: String

    /// Makes a migration; tests use this to build newer or altered schemas.
    package init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// SHA-256 of the SQL text, recorded when applied so later edits are caught.
    package var checksum: [UInt8] { SHA256Digest.hash(Array(sql.utf8)) }
}
