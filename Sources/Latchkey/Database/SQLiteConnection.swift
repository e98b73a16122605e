internal import CSQLite
import Foundation

/// SQLite's "copy this buffer now" destructor.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One SQLite connection and its statement cache. Not thread-safe: its engine serializes it.
final class SQLiteConnection: EngineConnection {
    let handle: OpaquePointer
    /// A prepared statement and its columns by name, built once at prepare: rows are read by name,
    /// and a scan of the names for every value cost more than the query (see Benchmarks/).
    private struct Prepared {
        let statement: OpaquePointer
        let names: ColumnNames
    }

    /// Prepared statements by SQL text, kept for the life of the connection.
    private var statements: [String: Prepared] = [:]
    /// The statements last found, by the address of their text's storage (see `prepared(_:)`).
    private var recent: [UInt: (sql: String, prepared: Prepared)] = [:]
    /// Bumped when a transaction ends, so a `Database` handle kept past its closure is refused.
    private(set) var transactionGeneration: UInt64 = 0
    var isInTransaction = false
    /// Outside a transaction: how many statements may still run (one), so a read that skips BEGIN
    /// and COMMIT can never become two statements without one snapshot.
    private var statementsAlone: Int?

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        for prepared in statements.values { sqlite3_finalize(prepared.statement) }
        sqlite3_close_v2(handle)
    }

    var dialect: SQLDialect { .sqlite }
    /// A local file connection never breaks away.
    var isUsable: Bool { true }

    /// The rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes64(handle)) }

    func begin(_ sql: String) throws(DatabaseError) { try step(sql) }

    func commit() throws(DatabaseError) { try step("COMMIT") }

    /// SQLite may already have rolled back (e.g. after SQLITE_FULL); then there is nothing to undo.
    func rollback() {
        if sqlite3_get_autocommit(handle) == 0 { _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
    }

    /// Runs `body`, which may run one statement, in autocommit mode: the statement is its own read
    /// transaction (one snapshot), with no BEGIN and COMMIT to step around it.
    func alone<T>(_ body: (Database) throws -> T) throws -> T {
        isInTransaction = true
        statementsAlone = 1
        defer {
            statementsAlone = nil
            endTransaction()
        }
        return try body(Database(self))
    }

    func endTransaction() {
        isInTransaction = false
        transactionGeneration &+= 1
    }

    func error(_ code: Int32, sql: String?) -> DatabaseError {
        .sqlite(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// Runs one cached statement with no parameters and no rows (BEGIN, COMMIT: prepared once,
    /// not parsed again on every transaction).
    func step(_ sql: String) throws(DatabaseError) {
        let statement = try statement(sql)
        defer { sqlite3_reset(statement) }
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw error(code, sql: sql) }
    }

    /// Runs SQL text with no parameters, possibly several statements (migrations).
    func executeScript(_ sql: String) throws(DatabaseError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql: sql) }
    }

    /// The cached statement for `sql`, prepared on first use.
    func statement(_ sql: String) throws(DatabaseError) -> OpaquePointer { try prepared(sql).statement }

    /// The cached statement for `sql` and its columns, prepared on first use.
    private func prepared(_ sql: String) throws(DatabaseError) -> Prepared {
        // Hot statements are `static let` texts: the same storage every call. Finding them by the
        // address of that storage (confirmed by `==`, which is instant for the same storage) spares
        // hashing hundreds of characters on every query (callgrind: about a tenth of a whoami).
        let identity = sql.utf8.withContiguousStorageIfAvailable { (UInt(bitPattern: $0.baseAddress), $0.count) }
        if let identity, let cached = recent[identity.0], cached.sql == sql { return cached.prepared }
        if let cached = statements[sql] {
            // Bounded: texts built per call (not `static let`) would only add entries.
            if let identity, recent.count < 256 { recent[identity.0] = (sql, cached) }
            return cached
        }
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = sql.withCString { text in
            let code = sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
            // Anything but white space after the first statement would be silently ignored.
            if code == SQLITE_OK, let tail, String(cString: tail).contains(where: { !$0.isWhitespace }) {
                return SQLITE_MISUSE
            }
            return code
        }
        if code == SQLITE_MISUSE, let statement {
            sqlite3_finalize(statement)
            throw .misused("more than one statement in \"\(sql)\"")
        }
        guard code == SQLITE_OK, let statement else { throw error(code, sql: sql) }
        let prepared = Prepared(statement: statement, names: ColumnNames(statement))
        statements[sql] = prepared
        return prepared
    }

    /// Binds `values`, steps through every row calling `row`, then resets and clears the bindings
    /// so no bound secret stays in the statement's memory.
    func run(_ sql: String, _ values: [any SQLBindable], row: (Row) throws -> Void) throws {
        if let left = statementsAlone {
            guard left > 0 else {
                throw DatabaseError.misused("a second statement in a one-statement read: \"\(sql)\"")
            }
            statementsAlone = left - 1
        }
        let prepared = try prepared(sql)
        let statement = prepared.statement, names = prepared.names
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard values.count == expected else {
            throw DatabaseError.misused("\(values.count) values bound to \(expected) parameters of \"\(sql)\"")
        }
        for (offset, value) in values.enumerated() {
            try bind(value.sqlValue, at: Int32(offset + 1), in: statement, sql: sql)
        }
        while true {
            let code = sqlite3_step(statement)
            switch code {
            case SQLITE_ROW: try row(Row(cursor: .sqlite(statement), sql: sql, names: names))
            case SQLITE_DONE: return
            default: throw error(code, sql: sql)
            }
        }
    }

    private func bind(_ value: SQLValue, at index: Int32, in statement: OpaquePointer, sql: String)
        throws(DatabaseError)
    {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(statement, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(statement, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(statement, index, real)
        case .text(var text):
            // Bound by byte count, so NUL bytes inside the string survive.
            code = text.withUTF8 { bytes in
                // An empty buffer has no address, and a NULL pointer would bind SQL NULL.
                guard let base = bytes.baseAddress else { return sqlite3_bind_text(statement, index, "", 0, transient) }
                return sqlite3_bind_text64(statement, index, base, UInt64(bytes.count), transient, UInt8(SQLITE_UTF8))
            }
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return sqlite3_bind_zeroblob(statement, index, 0) }
                return sqlite3_bind_blob64(statement, index, base, UInt64(raw.count), transient)
            }
        }
        guard code == SQLITE_OK else { throw error(code, sql: sql) }
    }

    /// Puts the file in WAL mode (kept in the file, so only its first opening changes it). The switch
    /// needs the file to itself and SQLite answers BUSY at once, without its busy handler, when
    /// another process is opening the new file too: so it is retried, with jitter, up to `limit`.
    func switchToWAL(within limit: Duration) throws(DatabaseError) {
        let deadline = ContinuousClock.now + limit
        while true {
            if try journalMode() == "wal" { return }
            do {
                try executeScript("PRAGMA journal_mode = WAL")
            } catch let error where error.isBusy && ContinuousClock.now < deadline {
                usleep(useconds_t.random(in: 2_000...20_000))
            }
        }
    }

    /// The file's journal mode, lower-cased (`delete`, `wal`, ...).
    private func journalMode() throws(DatabaseError) -> String {
        let statement = try statement("PRAGMA journal_mode")
        defer { sqlite3_reset(statement) }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else {
            throw error(code, sql: "PRAGMA journal_mode")
        }
        return String(cString: text).lowercased()
    }
}
