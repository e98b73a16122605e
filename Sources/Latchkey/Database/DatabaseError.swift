/// Everything the storage layer can fail with.
public enum DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite refused an operation: its extended result code, its own message (e.g. "UNIQUE constraint
    /// failed: users.username") and the statement that failed, if any; never the bound values, which
    /// may be secrets.
    case sqlite(code: Int32, message: String, sql: String?)
    /// The PostgreSQL server refused an operation: its five-character SQLSTATE (`23505` for a unique
    /// violation, `40001` for a serialization failure), its primary message (the DETAIL line, which
    /// may quote a row, is not kept), the constraint or index a write broke, and the statement that
    /// failed, if any; never the bound values.
    case postgresql(sqlState: String, message: String, constraintName: String?, sql: String?)
    /// The PostgreSQL server could not be reached (`server` is the URL without its password).
    case serverUnavailable(server: String, reason: String)
    /// The PostgreSQL server refused to sign Latchkey in (wrong password, no such role, no pg_hba entry).
    case serverLoginRefused(server: String, reason: String)
    /// The folder or file for the database could not be created or opened.
    case cannotCreate(path: String, reason: String)
    /// The file can only be read, so no account or session could be stored.
    case readOnly(path: String)
    /// The file is a database, but another program's: it has tables and no Latchkey bookkeeping.
    case foreignDatabase(path: String)
    /// The file can be read or written by other users; Latchkey refuses to keep secrets in it.
    case unsafePermissions(path: String, mode: Int)
    /// The database was migrated by a newer build of Latchkey, which this one does not know.
    case unknownMigration(version: Int, name: String)
    /// An applied migration's text differs from the one this build ships.
    case migrationChanged(version: Int, name: String)
    /// A value read back is outside what Latchkey ever writes (a damaged or tampered database).
    case damagedValue(column: String, sql: String)
    /// A column held another type than the one asked for.
    case unexpectedColumnType(column: String, expected: String, found: String, sql: String)
    /// The code used the storage layer wrongly (a nested transaction, a handle kept past its
    /// closure, two statements in one text). A bug, never the user's doing: debug builds stop at once.
    case misuse(String)

    /// A failure as the PostgreSQL server reported it; for a data exception (class 22), whose message
    /// can quote the value that failed to convert, the message kept is only "invalid value".
    package static func postgresFailure(
        sqlState: String, message: String, constraintName: String? = nil, sql: String? = nil
    ) -> DatabaseError {
        .postgresql(
            sqlState: sqlState, message: sqlState.hasPrefix("22") ? "invalid value" : message,
            constraintName: constraintName, sql: sql)
    }

    /// SQLite's extended result code, when the failure came from SQLite (its `primary` is the family).
    package var sqliteCode: ResultCode? {
        if case .sqlite(let code, _, _) = self { return ResultCode(rawValue: code) }
        return nil
    }

    /// The server's SQLSTATE, when the failure came from PostgreSQL.
    package var sqlState: String? {
        if case .postgresql(let sqlState, _, _, _) = self { return sqlState }
        return nil
    }

    /// The engine's own message, when an engine refused an operation.
    package var engineMessage: String? {
        switch self {
        case .sqlite(_, let message, _), .postgresql(_, let message, _, _): message
        default: nil
        }
    }

    /// The statement an engine refused, if any.
    package var sql: String? {
        switch self {
        case .sqlite(_, _, let sql), .postgresql(_, _, _, let sql): sql
        default: nil
        }
    }

    /// Another transaction's writes conflicted with this one on PostgreSQL (serialization failure or
    /// deadlock): running the whole transaction again is the remedy.
    package var isSerializationConflict: Bool { sqlState == "40001" || sqlState == "40P01" }

    /// True when the database stayed locked by someone else past the busy timeout: worth a retry.
    /// On PostgreSQL: a conflict, a lock not granted in time, no connection slot, or no answer before
    /// the client's deadline (57014, the query cancelled).
    public var isBusy: Bool {
        switch self {
        case .sqlite(let code, _, _):
            let primary = ResultCode(rawValue: code).primary
            return primary == .busy || primary == .locked
        case .postgresql(let sqlState, _, _, _):
            return isSerializationConflict || ["55P03", "53300", "57014"].contains(sqlState)
        default: return false
        }
    }

    /// True when the database server is out of reach (down, unreachable, refusing the sign-in, or
    /// the connection dropped): the service is unavailable, the data is not at fault.
    public var isServerUnavailable: Bool {
        switch self {
        case .serverUnavailable, .serverLoginRefused: true
        case .postgresql(let sqlState, _, _, _): sqlState.hasPrefix("08") || sqlState.hasPrefix("57P")
        default: false
        }
    }

    /// Which constraint a write broke, whatever the engine.
    package var constraint: ConstraintKind? {
        switch self {
        case .sqlite(let code, _, _): ConstraintKind(ResultCode(rawValue: code))
        case .postgresql(let sqlState, _, _, _): ConstraintKind(sqlState: sqlState)
        default: nil
        }
    }

    /// The `table.column` names SQLite lists in a UNIQUE or NOT NULL failure message.
    package var constrainedColumns: [String] {
        guard case .sqlite(_, let message, _) = self, let colon = message.firstIndex(of: ":") else { return [] }
        return message[message.index(after: colon)...].split(separator: ",").map {
            String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// True when a write broke the uniqueness of `column` of `table`: SQLite names the columns in its
    /// message, PostgreSQL names the index (`table_column`, as every Latchkey migration names them).
    package func brokeUniqueness(of table: String, _ column: String) -> Bool {
        guard constraint == .unique else { return false }
        switch self {
        case .sqlite: return constrainedColumns.contains("\(table).\(column)")
        case .postgresql(_, _, let constraintName, _): return constraintName == "\(table)_\(column)"
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .sqlite(let code, let message, let sql):
            "SQLite error \(ResultCode(rawValue: code).primary) (extended \(code)): \(message)"
                + (sql.map { " in \"\($0)\"" } ?? "")
        case .postgresql(let sqlState, let message, _, let sql):
            "PostgreSQL error \(sqlState): \(message)" + (sql.map { " in \"\($0)\"" } ?? "")
        case .serverUnavailable(let server, let reason): "Cannot reach the PostgreSQL server at \(server): \(reason)"
        case .serverLoginRefused(let server, let reason):
            "The PostgreSQL server at \(server) refused the sign-in: \(reason)"
        case .cannotCreate(let path, let reason): "Cannot create the database at \(path): \(reason)"
        case .readOnly(let path): "The database at \(path) is read-only."
        case .foreignDatabase(let path): "The file at \(path) is another program's database, not a Latchkey one."
        case .unsafePermissions(let path, let mode):
            "The database at \(path) is open to other users (mode \(String(mode, radix: 8)))."
        case .unknownMigration(let version, let name):
            "The database has migration \(version) (\(name)), which this version of Latchkey does not know: "
                + "it was written by a newer version."
        case .migrationChanged(let version, let name):
            "Migration \(version) (\(name)) applied to this database differs from the one this version of "
                + "Latchkey ships."
        case .damagedValue(let column, let sql): "Column \(column) of \"\(sql)\" holds a value out of range."
        case .unexpectedColumnType(let column, let expected, let found, let sql):
            "Column \(column) of \"\(sql)\" holds \(found), not \(expected)."
        case .misuse(let what): "Storage layer misused: \(what)"
        }
    }

    /// Reports a programmer error: stops a debug build at once, and in a release build is thrown
    /// (and worded as an internal error, never as the user's storage failing).
    static func misused(_ what: String) -> DatabaseError {
        assertionFailure(what)
        return .misuse(what)
    }
}
