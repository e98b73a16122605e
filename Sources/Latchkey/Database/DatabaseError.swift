/// A failure reported by SQLite. It carries the SQL but never the bound values, which may be secrets.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite's primary result code (`.busy`, `.constraint`, ...).
    package let code: ResultCode
    /// SQLite's extended result code (`.constraintUnique`, ...).
    package let extendedCode: ResultCode
    /// SQLite's own message, e.g. "UNIQUE constraint failed: users.username".
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?

    /// An error from SQLite's extended result code, its message and the statement.
    init(extendedCode: Int32, message: String, sql: String?) {
        self.extendedCode = ResultCode(rawValue: extendedCode)
        self.code = self.extendedCode.primary
        self.message = message
        self.sql = sql
    }

    /// Which constraint a write broke, when it broke one.
    public var constraint: ConstraintKind? { ConstraintKind(extendedCode) }

    /// The `table.column` names SQLite lists in a UNIQUE or NOT NULL failure message.
    public var constrainedColumns: [String] {
        guard let colon = message.firstIndex(of: ":") else { return [] }
        return message[message.index(after: colon)...].split(separator: ",").map {
            String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// The database stayed locked by another connection for longer than the busy timeout.
    public var isBusy: Bool { code == .busy || code == .locked }

    public var description: String {
        "SQLite error \(code) (extended \(extendedCode)): \(message)" + (sql.map { " in \"\($0)\"" } ?? "")
    }
}

/// The kinds of constraint SQLite enforces, from its extended result codes.
public enum ConstraintKind: Sendable, Hashable {
    case unique, primaryKey, foreignKey, check, notNull, other

    init?(_ code: ResultCode) {
        switch code {
        case .constraintUnique: self = .unique
        case .constraintPrimaryKey: self = .primaryKey
        case .constraintForeignKey: self = .foreignKey
        case .constraintCheck: self = .check
        case .constraintNotNull: self = .notNull
        case .constraint: self = .other
        default: return nil
        }
    }
}

/// A failure reported by a PostgreSQL server. Like `SQLiteError` it carries the SQL, never bound
/// values: only the primary message (the DETAIL line, which may quote a row, is not kept).
public struct PostgresError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The five-character SQLSTATE (`23505` for a unique violation, `40001` for a serialization failure).
    public let sqlState: String
    /// The server's primary message; for a data exception (class 22), whose message can quote the
    /// value that failed to convert, only "invalid value".
    public let message: String
    /// The constraint or index a write broke, when it broke one.
    public let constraintName: String?
    /// The statement that failed, if any.
    public let sql: String?

    /// An error as the server reported it.
    public init(sqlState: String, message: String, constraintName: String? = nil, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = sqlState.hasPrefix("22") ? "invalid value" : message
        self.constraintName = constraintName
        self.sql = sql
    }

    /// Which constraint a write broke, from the SQLSTATE (class 23).
    public var constraint: ConstraintKind? {
        switch sqlState {
        case "23505": .unique
        case "23503": .foreignKey
        case "23514": .check
        case "23502": .notNull
        case _ where sqlState.hasPrefix("23"): .other
        default: nil
        }
    }

    /// Another transaction's writes conflicted with this one (serialization failure or deadlock):
    /// running the whole transaction again is the remedy.
    public var isSerializationConflict: Bool { sqlState == "40001" || sqlState == "40P01" }

    /// The server could not take the work now (a lock wait past the timeout, too many connections).
    /// Worth a retry: a conflict, a lock not granted in time, no connection slot, or no answer before
    /// the client's deadline (57014, the query cancelled).
    public var isBusy: Bool {
        isSerializationConflict || sqlState == "55P03" || sqlState == "53300" || sqlState == "57014"
    }

    public var description: String {
        "PostgreSQL error \(sqlState): \(message)" + (sql.map { " in \"\($0)\"" } ?? "")
    }
}

/// Everything the storage layer can fail with.
public enum DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite refused an operation.
    case sqlite(SQLiteError)
    /// The PostgreSQL server refused an operation.
    case postgresql(PostgresError)
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

    /// SQLite's report, when the failure came from SQLite.
    public var sqliteError: SQLiteError? {
        if case .sqlite(let error) = self { return error }
        return nil
    }

    /// The server's report, when the failure came from PostgreSQL.
    public var postgresError: PostgresError? {
        if case .postgresql(let error) = self { return error }
        return nil
    }

    /// True when the database stayed locked by someone else past the busy timeout: worth a retry.
    public var isBusy: Bool { sqliteError?.isBusy ?? postgresError?.isBusy ?? false }

    /// True when the database server is out of reach (down, unreachable, refusing the sign-in, or
    /// the connection dropped): the service is unavailable, the data is not at fault.
    public var isServerUnavailable: Bool {
        switch self {
        case .serverUnavailable, .serverLoginRefused: true
        case .postgresql(let error): error.sqlState.hasPrefix("08") || error.sqlState.hasPrefix("57P")
        default: false
        }
    }

    /// Which constraint a write broke, whatever the engine.
    public var constraint: ConstraintKind? { sqliteError?.constraint ?? postgresError?.constraint }

    /// True when a write broke the uniqueness of `column` of `table`: SQLite names the columns in its
    /// message, PostgreSQL names the index (`table_column`, as every Latchkey migration names them).
    public func brokeUniqueness(of table: String, _ column: String) -> Bool {
        guard constraint == .unique else { return false }
        if let sqlite = sqliteError { return sqlite.constrainedColumns.contains("\(table).\(column)") }
        return postgresError?.constraintName == "\(table)_\(column)"
    }

    public var description: String {
        switch self {
        case .sqlite(let error): error.description
        case .postgresql(let error): error.description
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
