internal import CLibPQ

/// Values of a PostgreSQL result in binary format, as the engine-neutral `SQLValue`. Booleans read
/// as 0 and 1, so `enabled_at IS NOT NULL` means the same on both engines.
enum PostgresValue {
    // Type OIDs from PostgreSQL's catalog (pg_type.dat); they never change.
    static let bool: UInt32 = 16
    static let bytea: UInt32 = 17
    static let name: UInt32 = 19
    static let int8: UInt32 = 20
    static let int2: UInt32 = 21
    static let int4: UInt32 = 23
    static let text: UInt32 = 25
    static let float4: UInt32 = 700
    static let float8: UInt32 = 701
    static let bpchar: UInt32 = 1042
    static let varchar: UInt32 = 1043

    static func decode(_ result: OpaquePointer, row: Int32, column: Int32) -> SQLValue {
        let pq = LibPQ.loaded
        if pq.PQgetisnull(result, row, column) == 1 { return .null }
        let length = Int(pq.PQgetlength(result, row, column))
        guard let start = pq.PQgetvalue(result, row, column) else { return .null }
        let bytes = UnsafeRawBufferPointer(start: start, count: length)
        switch pq.PQftype(result, column) {
        case bool: return .integer(bytes.first == 0 ? 0 : 1)
        case int2 where length == 2: return .integer(Int64(Int16(bigEndian: bytes.loadUnaligned(as: Int16.self))))
        case int4 where length == 4: return .integer(Int64(Int32(bigEndian: bytes.loadUnaligned(as: Int32.self))))
        case int8 where length == 8: return .integer(Int64(bigEndian: bytes.loadUnaligned(as: Int64.self)))
        case float4 where length == 4:
            return .real(Double(Float(bitPattern: UInt32(bigEndian: bytes.loadUnaligned(as: UInt32.self)))))
        case float8 where length == 8:
            return .real(Double(bitPattern: UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self))))
        case text, varchar, name, bpchar: return .text(String(decoding: bytes, as: UTF8.self))
        // bytea, and any type Latchkey does not store: its bytes, which a typed read refuses.
        default: return .blob(Array(bytes))
        }
    }
}
