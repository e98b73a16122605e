/// How a storage failure is explained to a person: what is wrong with the database, never SQL text,
/// a schema or a bound value.
enum StorageText {
    static func explain(_ error: DatabaseError) -> String {
        switch error {
        case .sqlite(let code, _, _):
            switch ResultCode(rawValue: code) {
            case .notADatabase: "it is not a Latchkey database."
            case .corrupt: "it is damaged (SQLite reports it as corrupt)."
            case .full: "the disk is full."
            case .readOnly: "it is read-only."
            case .cannotOpen: "it cannot be opened."
            case .ioError: "reading or writing it failed (an I/O error)."
            case .constraint: "a stored value broke one of its rules (a damaged database, or a bug)."
            default: "SQLite failed (code \(code))."
            }
        case .postgresql(let sqlState, _, _, _): explain(sqlState: sqlState)
        case .serverUnavailable(_, let reason): "the server cannot be reached: \(reason)"
        case .serverLoginRefused(_, let reason): "the server refused the sign-in: \(reason)"
        case .cannotCreate(_, let reason): "it cannot be created: \(reason)."
        case .readOnly: "it is read-only."
        case .foreignDatabase: "it is another program's database, not a Latchkey one."
        case .unsafePermissions(let path, let mode):
            "it is open to other users (mode \(String(mode, radix: 8))); run: chmod 600 \(path)"
        case .unknownMigration: "it was written by a newer version of Latchkey."
        case .migrationChanged(let version, let name):
            "its migration \(version) (\(name)) differs from the one this version of Latchkey ships."
        case .damagedValue, .unexpectedColumnType: "it holds a damaged value."
        case .misuse(let what): "internal error: \(what)"
        }
    }

    /// A server's failure by its SQLSTATE class, never its message (which may quote a value).
    private static func explain(sqlState: String) -> String {
        // A named statement missing or taken on the server: a pooler shares server connections.
        if ["42P05", "26000"].contains(sqlState) {
            return "its server connections are shared by a pooler: add pooler=transaction to the URL."
        }
        return switch sqlState.prefix(2) {
        case "08": "the connection to the server was lost."
        case "23": "a stored value broke one of its rules (a damaged database, or a bug)."
        case "42": "its tables are not what this version of Latchkey expects."
        case "53": "the server is out of resources (disk, memory or connections)."
        case "57": "the server is shutting down or cancelled the work."
        case "22": "a value could not be stored (it holds a character PostgreSQL refuses)."
        default: "the server failed (SQLSTATE \(sqlState))."
        }
    }
}
