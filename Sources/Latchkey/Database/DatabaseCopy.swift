import Foundation

/// Copies every Latchkey table from one database to another (SQLite to PostgreSQL or back), from one
/// snapshot of the source into one transaction on the target: the target ends with all of it or none.
/// Rows move as they are (ids, password hashes, session token hashes), so users stay signed in.
public enum DatabaseCopy {
    /// The tables, parents before the tables that refer to them.
    public static let tables = [
        "users", "sessions", "login_throttle", "auth_events", "user_roles", "second_factors", "recovery_codes",
        "login_challenges", "installation",
    ]
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
                for (table, total) in zip(tables, counts) {
                    var batch = Batch(table: table)
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
                    _ = try from.query("SELECT * FROM \(table)") { row in
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
        for db in [from, to] {
            let unknown = try Migrator.tables(db).subtracting(known)
            guard unknown.isEmpty else {
                throw Failure.schemaMismatch(
                    "tables the copy does not know: \(unknown.sorted().joined(separator: ", "))")
            }
        }
    }

    /// Rows read from the source, waiting to go to the target in one multi-row INSERT.
    private struct Batch {
        let table: String
        var columns: [String] = []
        var values: [SQLValue] = []
        var rows = 0

        init(table: String) {
            self.table = table
        }

        mutating func add(_ row: Row) {
            if columns.isEmpty { columns = row.columnNames }
            for index in 0..<row.count { values.append(row.value(at: index)) }
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
