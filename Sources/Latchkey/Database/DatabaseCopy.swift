import Foundation

/// Copies every Latchkey table from one database to another (SQLite to PostgreSQL or back), from one
/// snapshot of the source into one transaction on the target: the target ends with all of it or none.
/// Rows move as they are (ids, password hashes, session token hashes), so users stay signed in.
public enum DatabaseCopy {
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
        /// Rows of every table copied so far.
        public let allCopied: Int
        /// Rows of every table in all.
        public let allTotal: Int
    }

    /// Copies `source` into the empty `target`, reporting progress after each batch; returns each
    /// table's row count (checked equal on both sides before the target commits).
    public static func copy(
        from source: DatabaseWorker, to target: DatabaseWorker, progress: (Progress) throws -> Void = { _ in }
    ) throws -> [(table: String, rows: Int)] {
        // The tables and columns as this build's migrations make them, parents first. Every statement
        // the copy sends is built from these names only, never from what either database reports (a
        // crafted source could name a column with SQL of its choosing); both must have exactly these.
        let schema = try DatabaseSchema.ofThisBuild()
        let tables = schema.tables.map(\.name)
        return try source.read { from in
            try target.write { to in
                let identity = try checkSchemas(from, to, against: schema)
                let counts = try tables.map { try rows(of: $0, in: from) }
                let allTotal = counts.reduce(0, +)
                for table in tables {
                    let held = try rows(of: table, in: to)
                    if held > 0 { throw DatabaseCopyError.targetNotEmpty(table: table, rows: held) }
                }
                var allCopied = 0
                for (table, total) in zip(schema.tables, counts) {
                    var batch = Batch(table: table.name, columns: table.columns)
                    var copied = 0
                    try progress(
                        Progress(table: table.name, copied: 0, total: total, allCopied: allCopied, allTotal: allTotal))
                    func flush() throws {
                        copied += batch.rows
                        allCopied += batch.rows
                        try batch.insert(into: to)
                        try progress(
                            Progress(
                                table: table.name, copied: copied, total: total, allCopied: allCopied,
                                allTotal: allTotal))
                    }
                    let select = "SELECT \(table.columns.joined(separator: ", ")) FROM \(table.name)"
                    _ = try from.query(select) { row in
                        batch.add(row)
                        if batch.rows == batchRows { try flush() }
                    }
                    if batch.rows > 0 { try flush() }
                    for fix in to.dialect.afterCopying(table.name, identityColumns: identity[table.name] ?? []) {
                        try to.execute(fix)
                    }
                    let found = try rows(of: table.name, in: to)
                    guard found == total else {
                        throw DatabaseCopyError.countMismatch(table: table.name, source: total, target: found)
                    }
                }
                return zip(tables, counts).map { (table: $0, rows: $1) }
            }
        }
    }

    private static func rows(of table: String, in db: Database) throws -> Int {
        try db.queryFirst("SELECT count(*) AS n FROM \(table)") { Int(try $0.int64("n")) } ?? 0
    }

    /// Both sides must have applied the same migrations and hold exactly the tables and columns of
    /// `schema`. Returns the target's identity columns per table, named as `schema` names them.
    private static func checkSchemas(_ from: Database, _ to: Database, against schema: DatabaseSchema) throws
        -> [String: [String]]
    {
        let versions = { (db: Database) in
            try db.query("SELECT version FROM \(Migrator.bookkeepingTable) ORDER BY version") {
                try $0.int64("version")
            }
        }
        let (sourceVersions, targetVersions) = (try versions(from), try versions(to))
        guard sourceVersions == targetVersions else {
            throw DatabaseCopyError.schemaMismatch(
                "source at migration \(sourceVersions.last ?? 0), target at \(targetVersions.last ?? 0)")
        }
        var identity: [String: [String]] = [:]
        for (db, side) in [(from, "source"), (to, "target")] {
            let found = try DatabaseSchema(reading: db)
            guard Set(found.tables.map(\.name)).isSubset(of: schema.tables.map(\.name)) else {
                throw DatabaseCopyError.schemaMismatch("the \(side) has tables this version does not know")
            }
            for table in schema.tables {
                let columns = found.table(table.name)?.columns ?? []
                guard Set(columns) == Set(table.columns), columns.count == table.columns.count else {
                    throw DatabaseCopyError.schemaMismatch(
                        "table \(table.name) of the \(side) is not what this version expects")
                }
                if side == "target" {
                    let sequenced = Set(found.table(table.name)?.identityColumns ?? [])
                    identity[table.name] = table.columns.filter(sequenced.contains)
                }
            }
        }
        return identity
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
