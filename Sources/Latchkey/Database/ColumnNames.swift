internal import CLibPQ
internal import CSQLite
import Foundation

/// A statement's column names and their indexes, read once when it is prepared.
final class ColumnNames {
    let index: [String: Int32]

    init(index: [String: Int32]) {
        self.index = index
    }

    init(_ statement: OpaquePointer) {
        var index: [String: Int32] = [:]
        for column in 0..<sqlite3_column_count(statement) {
            if let name = sqlite3_column_name(statement, column) { index[String(cString: name)] = column }
        }
        self.index = index
    }
}
