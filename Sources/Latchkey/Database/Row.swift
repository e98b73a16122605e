import CSQLite

/// The current row of a query, valid only inside the closure that receives it.
public struct Row {
    let statement: OpaquePointer
    let sql: String

    /// The number of columns.
    public var count: Int { Int(sqlite3_column_count(statement)) }

    /// The value of column `index` (from 0) in its SQLite storage class.
    public subscript(index: Int) -> SQLValue {
        let column = Int32(index)
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

    /// True when column `index` is NULL.
    public func isNull(_ index: Int) -> Bool { sqlite3_column_type(statement, Int32(index)) == SQLITE_NULL }

    /// Column `index` as an integer; throws when it holds anything else.
    public func int64(_ index: Int) throws(DatabaseError) -> Int64 {
        guard case .integer(let value) = self[index] else { throw mismatch(index, "INTEGER") }
        return value
    }

    /// Column `index` as an integer, or nil when NULL.
    public func optionalInt64(_ index: Int) throws(DatabaseError) -> Int64? {
        isNull(index) ? nil : try int64(index)
    }

    /// Column `index` as a floating-point number (an INTEGER column converts exactly).
    public func double(_ index: Int) throws(DatabaseError) -> Double {
        switch self[index] {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw mismatch(index, "REAL")
        }
    }

    /// Column `index` as text; throws when it holds anything else.
    public func string(_ index: Int) throws(DatabaseError) -> String {
        guard case .text(let value) = self[index] else { throw mismatch(index, "TEXT") }
        return value
    }

    /// Column `index` as text, or nil when NULL.
    public func optionalString(_ index: Int) throws(DatabaseError) -> String? {
        isNull(index) ? nil : try string(index)
    }

    /// Column `index` as bytes; throws when it holds anything else.
    public func bytes(_ index: Int) throws(DatabaseError) -> [UInt8] {
        guard case .blob(let value) = self[index] else { throw mismatch(index, "BLOB") }
        return value
    }

    /// Column `index` as bytes, or nil when NULL.
    public func optionalBytes(_ index: Int) throws(DatabaseError) -> [UInt8]? {
        isNull(index) ? nil : try bytes(index)
    }

    private func mismatch(_ index: Int, _ expected: String) -> DatabaseError {
        let found =
            switch self[index] {
            case .null: "NULL"
            case .integer: "INTEGER"
            case .real: "REAL"
            case .text: "TEXT"
            case .blob: "BLOB"
            }
        return .unexpectedColumnType(column: index, expected: expected, found: found, sql: sql)
    }
}
