/// Why a copy was refused or undone.
public enum DatabaseCopyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The target already holds Latchkey data (`rows` rows in `table`): a copy never merges.
    case targetNotEmpty(table: String, rows: Int)
    /// A table's row count on the target differs from the source's after the copy (it was undone).
    case countMismatch(table: String, source: Int, target: Int)
    /// The two databases are not at the same schema version, or hold tables the copy does not know.
    case schemaMismatch(String)

    public var description: String {
        switch self {
        case .targetNotEmpty(let table, let rows):
            "the target already holds Latchkey data (\(rows) row\(rows == 1 ? "" : "s") in \(table)); "
                + "copy only into an empty database"
        case .countMismatch(let table, let source, let target):
            "table \(table) has \(source) rows in the source but \(target) in the target; nothing was copied"
        case .schemaMismatch(let what): "the two databases' schemas differ: \(what)"
        }
    }
}
