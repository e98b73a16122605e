import Foundation

/// Copies every Latchkey table from one database to another (SQLite to PostgreSQL or back), from one
/// snapshot of the source into one transaction on the target: the target ends with all of it or none.
/// Rows move as they are (ids, password hashes, session token hashes), so users stay signed in.
public enum DatabaseCopy {
    /// The tables and their columns as this build's migrations make them, parents before the tables
    /// that refer to them. Every statement the copy sends is built from these names only, never from
    /// what a source database reports (a crafted source could name a column with SQL of its choosing).
    static let schema: [(table: String, columns: [String])] = [
        (
            "users",
            [
                "id", "username", "email", "phone", "display_name", "password_hash", "created_at", "updated_at",
                "last_login_at", "disabled_at", "password_change_required", "email_key", "email_verified_at",
            ]
        ),
        (
            "sessions",
            [
                "id", "user_id", "token_hash", "created_at", "expires_at", "last_used_at", "revoked_at",
                "previous_login_at", "label", "client_address", "client_agent",
            ]
        ),
        ("login_throttle", ["throttle_key", "failures", "window_started_at", "locked_until"]),
        (
            "auth_events",
            [
                "id", "occurred_at", "kind", "reason", "username_key", "user_id", "actor", "os_user", "actor_user_id",
                "client_address",
                "client_agent", "detail", "access_token_id", "occurrences",
            ]
        ),
        ("user_roles", ["user_id", "role"]),
        ("second_factors", ["user_id", "secret_box", "created_at", "enabled_at", "last_step"]),
        ("recovery_codes", ["user_id", "code_hash", "used_at"]),
        ("login_challenges", ["challenge_hash", "user_id", "verified_hash", "label", "expires_at", "wrong_codes"]),
        ("installation", ["id", "key_check"]),
        (
            "access_tokens",
            [
                "id", "user_id", "name", "token_hash", "created_at", "expires_at", "last_used_at", "last_used_address",
                "last_used_agent", "revoked_at",
            ]
        ),
        ("access_token_roles", ["token_id", "role"]),
        (
            "one_time_codes",
            ["id", "user_id", "kind", "code_hash", "link_hash", "created_at", "expires_at", "email", "email_key"]
        ),
        ("imported_passwords", ["user_id", "scheme", "hash", "imported_at"]),
    ]

    /// The tables, parents before the tables that refer to them.
    public static let tables = schema.map(\.table)
    /// Rows per INSERT statement: few round trips, well under either engine's parameter limit.
    static let batchRows = 500

    /// How far a copy has come.
    public struct Progress: Sendable, Hashable {
        /// The table being copied.
        public let table: String
        /// Rows of it copied so far.
        public let copied: Int
        /// Rows it has.
        public let total: Int
        /// Rows of every table copied so far, and in all.
        public let allCopied: Int
        public let allTotal: Int
    }

    /// Why a copy was refused or undone.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The target already holds Latchkey data (`rows` rows in `table`): a copy never merges.
        case targetNotEmpty(table: String, rows: Int)
        /// A table's row count on the target differs from the source's after the copy (it was undone).
        case countMismatch(table: String, source: Int, target: Int)
        /// The two databases are not at the same schema version, or hold tables the copy does not know.
        case schemaMismatch(String)

        public var description: String {
            switch self {
            case .targetNotEmpty(let table, let rows):
                "the target already holds Latchkey data (\(rows) row\(rows == 1 ? "" : "s") in \(table)); "
                    + "copy only into an empty database"
            case .countMismatch(let table, let source, let target):
                "table \(table) has \(source) rows in the source but \(target) in the target; nothing was copied"
            case .schemaMismatch(let what): "the two databases' schemas differ: \(what)"
            }
        }
    }

    /// Copies `source` into the empty `target`, reporting progress after each batch; returns each
    /// table's row count (checked equal on both sides before the target commits).
    public static func copy(
        from source: DatabaseWorker, to target: DatabaseWorker, progress: (Progress) throws -> Void = { _ in }
    ) throws -> [(table: String, rows: Int)] {
        try source.read { from in
            let counts = try tables.map { try rows(of: $0, in: from) }
            let allTotal = counts.reduce(0, +)
            return try target.write { to in
                try checkSchemas(from, to)
                for table in tables {
                    let held = try rows(of: table, in: to)
                    if held > 0 { throw Failure.targetNotEmpty(table: table, rows: held) }
                }
                var allCopied = 0
                for ((table, columns), total) in zip(schema, counts) {
                    var batch = Batch(table: table, columns: columns)
                    var copied = 0
                    try progress(
                        Progress(table: table, copied: 0, total: total, allCopied: allCopied, allTotal: allTotal))
                    func flush() throws {
                        copied += batch.rows
                        allCopied += batch.rows
                        try batch.insert(into: to)
                        try progress(
                            Progress(
                                table: table, copied: copied, total: total, allCopied: allCopied, allTotal: allTotal))
                    }
                    let select = "SELECT \(columns.joined(separator: ", ")) FROM \(table)"
                    _ = try from.query(select) { row in
                        batch.add(row)
                        if batch.rows == batchRows { try flush() }
                    }
                    if batch.rows > 0 { try flush() }
                    if let fix = to.dialect.afterCopying(table) { try to.execute(fix) }
                    let found = try rows(of: table, in: to)
                    guard found == total else {
                        throw Failure.countMismatch(table: table, source: total, target: found)
                    }
                }
                return zip(tables, counts).map { (table: $0, rows: $1) }
            }
        }
    }

    private static func rows(of table: String, in db: Database) throws -> Int {
        try db.queryFirst("SELECT count(*) AS n FROM \(table)") { Int(try $0.int64("n")) } ?? 0
    }

    /// Both sides must have applied the same migrations and hold only the tables the copy knows.
    private static func checkSchemas(_ from: Database, _ to: Database) throws {
        let versions = { (db: Database) in
            try db.query("SELECT version FROM latchkey_migrations ORDER BY version") { try $0.int64("version") }
        }
        let (sourceVersions, targetVersions) = (try versions(from), try versions(to))
        guard sourceVersions == targetVersions else {
            throw Failure.schemaMismatch(
                "source at migration \(sourceVersions.last ?? 0), target at \(targetVersions.last ?? 0)")
        }
        let known = Set(tables + ["latchkey_migrations"])
        for (db, side) in [(from, "source"), (to, "target")] {
            let unknown = try Migrator.tables(db).subtracting(known)
            guard unknown.isEmpty else {
                throw Failure.schemaMismatch("the \(side) has tables this version does not know")
            }
            for (table, columns) in schema {
                let found = try db.query(db.dialect.columns, [table]) { try $0.string("name") }
                guard Set(found) == Set(columns), found.count == columns.count else {
                    throw Failure.schemaMismatch("table \(table) of the \(side) is not what this version expects")
                }
            }
        }
    }

    /// Rows read from the source, waiting to go to the target in one multi-row INSERT.
    private struct Batch {
        let table: String
        let columns: [String]
        var values: [SQLValue] = []
        var rows = 0

        init(table: String, columns: [String]) {
            self.table = table
            self.columns = columns
        }

        mutating func add(_ row: Row) {
            for index in 0..<columns.count { values.append(row.value(at: index)) }
            rows += 1
        }

        mutating func insert(into db: Database) throws {
            let one = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
            let sql =
                "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
                + Array(repeating: one, count: rows).joined(separator: ", ")
            try db.execute(sql, values)
            values.removeAll(keepingCapacity: true)
            rows = 0
        }
    }
}
