internal import CLibPQ
internal import CSQLite
package import Foundation

/// The current row of a query, read by column name; valid only inside the closure that receives it.
/// Reading by name means a column added by a migration cannot shift another file's reads.
package struct Row {
    /// Where the values are: a stepped SQLite statement, or one row of a PostgreSQL result (binary format).
    enum Cursor {
        case sqlite(OpaquePointer)
        case postgresql(result: OpaquePointer, row: Int32)
    }

    let cursor: Cursor
    let sql: String
    let names: ColumnNames

    /// The index of the column called `name` (its `AS` alias, or its own name).
    private func index(_ name: String) throws(DatabaseError) -> Int32 {
        guard let column = names.column(name) else { throw .misused("no column \"\(name)\" in \"\(sql)\"") }
        return column
    }

    /// The number of columns.
    package var count: Int {
        switch cursor {
        case .sqlite(let statement): Int(sqlite3_column_count(statement))
        case .postgresql(let result, _): Int(LibPQ.loaded.PQnfields(result))
        }
    }

    /// The columns' names, in order.
    package var columnNames: [String] {
        var names = [String](repeating: "", count: count)
        for (name, index) in self.names.index where Int(index) < names.count { names[Int(index)] = name }
        return names
    }

    /// The value of column `name` in its SQLite storage class.
    package func value(_ name: String) throws(DatabaseError) -> SQLValue { value(at: try index(name)) }

    /// The value of column `index` (from 0), for ad-hoc queries (`PRAGMA`, `count(*)`); stores read by name.
    package func value(at index: Int) -> SQLValue { value(at: Int32(index)) }

    private func value(at column: Int32) -> SQLValue {
        switch cursor {
        case .sqlite(let statement): Self.sqliteValue(statement, column)
        case .postgresql(let result, let row): PostgresValue.decode(result, row: row, column: column)
        }
    }

    private static func sqliteValue(_ statement: OpaquePointer, _ column: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT: return .text(sqliteText(statement, column))
        case SQLITE_BLOB: return .blob(sqliteBlob(statement, column))
        default: return .null
        }
    }

    private static func sqliteText(_ statement: OpaquePointer, _ column: Int32) -> String {
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        let length = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)
    }

    private static func sqliteBlob(_ statement: OpaquePointer, _ column: Int32) -> [UInt8] {
        guard let blob = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: blob, count: Int(sqlite3_column_bytes(statement, column))))
    }

    // The typed reads below read a SQLite column directly, without boxing it in a `SQLValue`
    // first; a PostgreSQL value is decoded as before. Each column is found once, NULL or not.

    /// True when column `column` is NULL, without decoding its value.
    private func isNull(at column: Int32) -> Bool {
        switch cursor {
        case .sqlite(let statement): sqlite3_column_type(statement, column) == SQLITE_NULL
        case .postgresql(let result, let row): LibPQ.loaded.PQgetisnull(result, row, column) == 1
        }
    }

    /// True when column `name` is NULL.
    package func isNull(_ name: String) throws(DatabaseError) -> Bool { isNull(at: try index(name)) }

    /// Column `name` as an integer; throws when it holds anything else.
    package func int64(_ name: String) throws(DatabaseError) -> Int64 { try int64(column: try index(name), name) }

    /// Column `index` as an integer, for ad-hoc queries.
    package func int64(at index: Int, _ name: String? = nil) throws(DatabaseError) -> Int64 {
        try int64(column: Int32(index), name)
    }

    private func int64(column: Int32, _ name: String?) throws(DatabaseError) -> Int64 {
        if case .sqlite(let statement) = cursor {
            guard sqlite3_column_type(statement, column) == SQLITE_INTEGER else {
                throw mismatch(Int(column), name, "INTEGER")
            }
            return sqlite3_column_int64(statement, column)
        }
        guard case .integer(let value) = value(at: column) else { throw mismatch(Int(column), name, "INTEGER") }
        return value
    }

    /// Column `name` as an integer, or nil when NULL.
    package func optionalInt64(_ name: String) throws(DatabaseError) -> Int64? {
        let column = try index(name)
        return isNull(at: column) ? nil : try int64(column: column, name)
    }

    /// Column `name` as text; throws when it holds anything else.
    package func string(_ name: String) throws(DatabaseError) -> String { try string(column: try index(name), name) }

    /// Column `index` as text, for ad-hoc queries.
    package func string(at index: Int, _ name: String? = nil) throws(DatabaseError) -> String {
        try string(column: Int32(index), name)
    }

    private func string(column: Int32, _ name: String?) throws(DatabaseError) -> String {
        if case .sqlite(let statement) = cursor {
            guard sqlite3_column_type(statement, column) == SQLITE_TEXT else {
                throw mismatch(Int(column), name, "TEXT")
            }
            return Self.sqliteText(statement, column)
        }
        guard case .text(let value) = value(at: column) else { throw mismatch(Int(column), name, "TEXT") }
        return value
    }

    /// Column `name` as text, or nil when NULL.
    package func optionalString(_ name: String) throws(DatabaseError) -> String? {
        let column = try index(name)
        return isNull(at: column) ? nil : try string(column: column, name)
    }

    /// Column `name` as bytes; throws when it holds anything else.
    package func bytes(_ name: String) throws(DatabaseError) -> [UInt8] { try bytes(column: try index(name), name) }

    /// Column `index` as bytes, for ad-hoc queries.
    package func bytes(at index: Int, _ name: String? = nil) throws(DatabaseError) -> [UInt8] {
        try bytes(column: Int32(index), name)
    }

    private func bytes(column: Int32, _ name: String?) throws(DatabaseError) -> [UInt8] {
        if case .sqlite(let statement) = cursor {
            guard sqlite3_column_type(statement, column) == SQLITE_BLOB else {
                throw mismatch(Int(column), name, "BLOB")
            }
            return Self.sqliteBlob(statement, column)
        }
        guard case .blob(let value) = value(at: column) else { throw mismatch(Int(column), name, "BLOB") }
        return value
    }

    /// Column `name` as bytes, or nil when NULL.
    package func optionalBytes(_ name: String) throws(DatabaseError) -> [UInt8]? {
        let column = try index(name)
        return isNull(at: column) ? nil : try bytes(column: column, name)
    }

    /// Column `name` as a floating-point number (an INTEGER converts exactly).
    package func double(_ name: String) throws(DatabaseError) -> Double {
        let column = try index(name)
        switch value(at: column) {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw mismatch(Int(column), name, "REAL")
        }
    }

    /// Column `name` as a time in whole seconds since 1970. A value outside the years 1970–9999
    /// is damage (or tampering), reported as such so that no later date arithmetic can overflow.
    package func date(_ name: String) throws(DatabaseError) -> Date { try date(column: try index(name), name) }

    private func date(column: Int32, _ name: String) throws(DatabaseError) -> Date {
        let seconds = try int64(column: column, name)
        guard StoredTime.range.contains(seconds) else { throw .damagedValue(column: name, sql: sql) }
        return Date(databaseSeconds: seconds)
    }

    /// Column `name` as a time, or nil when NULL.
    package func optionalDate(_ name: String) throws(DatabaseError) -> Date? {
        let column = try index(name)
        return isNull(at: column) ? nil : try date(column: column, name)
    }

    private func mismatch(_ index: Int, _ name: String?, _ expected: String) -> DatabaseError {
        let found =
            switch value(at: index) {
            case .null: "NULL"
            case .integer: "INTEGER"
            case .real: "REAL"
            case .text: "TEXT"
            case .blob: "BLOB"
            }
        return .unexpectedColumnType(column: name ?? "\(index)", expected: expected, found: found, sql: sql)
    }
}
