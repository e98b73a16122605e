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
        guard let column = names.index[name] else { throw .misused("no column \"\(name)\" in \"\(sql)\"") }
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
        case SQLITE_TEXT:
            let length = Int(sqlite3_column_bytes(statement, column))
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            let length = Int(sqlite3_column_bytes(statement, column))
            guard let blob = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: blob, count: length)))
        default: return .null
        }
    }

    /// True when column `name` is NULL.
    package func isNull(_ name: String) throws(DatabaseError) -> Bool { value(at: try index(name)) == .null }

    /// Column `name` as an integer; throws when it holds anything else.
    package func int64(_ name: String) throws(DatabaseError) -> Int64 { try int64(at: Int(try index(name)), name) }

    /// Column `index` as an integer, for ad-hoc queries.
    package func int64(at index: Int, _ name: String? = nil) throws(DatabaseError) -> Int64 {
        guard case .integer(let value) = value(at: index) else { throw mismatch(index, name, "INTEGER") }
        return value
    }

    /// Column `name` as an integer, or nil when NULL.
    package func optionalInt64(_ name: String) throws(DatabaseError) -> Int64? {
        try isNull(name) ? nil : try int64(name)
    }

    /// Column `name` as text; throws when it holds anything else.
    package func string(_ name: String) throws(DatabaseError) -> String { try string(at: Int(try index(name)), name) }

    /// Column `index` as text, for ad-hoc queries.
    package func string(at index: Int, _ name: String? = nil) throws(DatabaseError) -> String {
        guard case .text(let value) = value(at: index) else { throw mismatch(index, name, "TEXT") }
        return value
    }

    /// Column `name` as text, or nil when NULL.
    package func optionalString(_ name: String) throws(DatabaseError) -> String? {
        try isNull(name) ? nil : try string(name)
    }

    /// Column `name` as bytes; throws when it holds anything else.
    package func bytes(_ name: String) throws(DatabaseError) -> [UInt8] { try bytes(at: Int(try index(name)), name) }

    /// Column `index` as bytes, for ad-hoc queries.
    package func bytes(at index: Int, _ name: String? = nil) throws(DatabaseError) -> [UInt8] {
        guard case .blob(let value) = value(at: index) else { throw mismatch(index, name, "BLOB") }
        return value
    }

    /// Column `name` as bytes, or nil when NULL.
    package func optionalBytes(_ name: String) throws(DatabaseError) -> [UInt8]? {
        try isNull(name) ? nil : try bytes(name)
    }

    /// Column `name` as a floating-point number (an INTEGER converts exactly).
    package func double(_ name: String) throws(DatabaseError) -> Double {
        switch try value(name) {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw mismatch(Int(try index(name)), name, "REAL")
        }
    }

    /// Column `name` as a time in whole seconds since 1970. A value outside the years 1970–9999
    /// is damage (or tampering), reported as such so that no later date arithmetic can overflow.
    package func date(_ name: String) throws(DatabaseError) -> Date {
        let seconds = try int64(name)
        guard StoredTime.range.contains(seconds) else { throw .damagedValue(column: name, sql: sql) }
        return Date(databaseSeconds: seconds)
    }

    /// Column `name` as a time, or nil when NULL.
    package func optionalDate(_ name: String) throws(DatabaseError) -> Date? {
        try isNull(name) ? nil : try date(name)
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
