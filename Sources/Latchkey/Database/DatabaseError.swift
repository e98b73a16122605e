import Foundation

/// A failure reported by SQLite. It carries the SQL but never the bound values, which may be secrets.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite's primary result code (`SQLITE_BUSY` = 5, `SQLITE_CONSTRAINT` = 19, ...).
    public let code: Int32
    /// SQLite's extended result code (`SQLITE_CONSTRAINT_UNIQUE` = 2067, ...).
    public let extendedCode: Int32
    /// SQLite's own message, e.g. "UNIQUE constraint failed: users.username".
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?

    /// Which constraint a write broke, when it broke one.
    public var constraint: ConstraintKind? { ConstraintKind(extendedCode: extendedCode) }

    /// The `table.column` names SQLite lists in a UNIQUE or NOT NULL failure message.
    public var constrainedColumns: [String] {
        guard let colon = message.firstIndex(of: ":") else { return [] }
        return message[message.index(after: colon)...].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    /// The database stayed locked by another connection for longer than the busy timeout.
    public var isBusy: Bool { code == 5 || code == 6 }

    public var description: String {
        "SQLite error \(code) (extended \(extendedCode)): \(message)" + (sql.map { " in \"\($0)\"" } ?? "")
    }
}

/// The kinds of constraint SQLite enforces, from its extended result codes.
public enum ConstraintKind: Sendable, Hashable {
    case unique, primaryKey, foreignKey, check, notNull, other

    init?(extendedCode: Int32) {
        guard extendedCode & 0xFF == 19 else { return nil }
        switch extendedCode {
        case 2067: self = .unique
        case 1555: self = .primaryKey
        case 787: self = .foreignKey
        case 275: self = .check
        case 1299: self = .notNull
        default: self = .other
        }
    }
}

/// Everything the storage layer can fail with.
public enum DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite refused an operation.
    case sqlite(SQLiteError)
    /// The folder or file for the database could not be created or opened.
    case cannotCreate(path: String, reason: String)
    /// The file can only be read, so no account or session could be stored.
    case readOnly(path: String)
    /// The database was migrated by a newer build of Latchkey, which this one does not know.
    case unknownMigration(version: Int, name: String)
    /// An applied migration's text differs from the one this build ships.
    case migrationChanged(version: Int, name: String)
    /// `read` or `write` was called from inside another `read` or `write` on the same worker.
    case nestedTransaction
    /// A `Database` handle was used after its `read` or `write` ended.
    case handleUsedOutsideTransaction
    /// A statement text held more than one statement; use one `execute` each.
    case multipleStatements(sql: String)
    /// A column held another type than the one asked for.
    case unexpectedColumnType(column: Int, expected: String, found: String, sql: String)

    /// SQLite's report, when the failure came from SQLite.
    public var sqliteError: SQLiteError? {
        if case .sqlite(let error) = self { return error }
        return nil
    }

    /// True when the database stayed locked by someone else past the busy timeout: worth a retry.
    public var isBusy: Bool { sqliteError?.isBusy ?? false }

    public var description: String {
        switch self {
        case .sqlite(let error): error.description
        case .cannotCreate(let path, let reason): "Cannot create the database at \(path): \(reason)"
        case .readOnly(let path): "The database at \(path) is read-only."
        case .unknownMigration(let version, let name):
            "The database has migration \(version) (\(name)), which this version of Latchkey does not know: it was written by a newer version."
        case .migrationChanged(let version, let name):
            "Migration \(version) (\(name)) applied to this database differs from the one this version of Latchkey ships."
        case .nestedTransaction: "A database read or write was started inside another one on the same worker."
        case .handleUsedOutsideTransaction: "A database handle was used after its transaction ended."
        case .multipleStatements(let sql): "More than one statement in \"\(sql)\"."
        case .unexpectedColumnType(let column, let expected, let found, let sql):
            "Column \(column) of \"\(sql)\" holds \(found), not \(expected)."
        }
    }
}
