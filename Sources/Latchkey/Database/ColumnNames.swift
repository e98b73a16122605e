internal import CLibPQ
internal import CSQLite
import Foundation

/// A statement's column names and their indexes, read once when it is prepared. Used by one
/// connection, so by one thread at a time: its lookup state changes as rows are read.
final class ColumnNames {
    let index: [String: Int32]
    // The columns in order: each one's name, its UTF-8 length (-1 where a later column has the
    // same name: it wins, as in `index`), and whether the name is the text a caller last found it
    // with. Callers ask with literals, and a literal compares with itself at once (the name SQLite
    // gave needs a byte compare), so the first caller's text replaces SQLite's. Behind pointers,
    // not in stored `var`s: Swift checks every access to a class's `var` at run time for
    // exclusivity, which cost more than the lookups themselves.
    private let names: UnsafeMutableBufferPointer<String>
    private let lengths: UnsafeMutableBufferPointer<Int>
    private let interned: UnsafeMutableBufferPointer<Bool>
    /// The column after the one last found. Rows are mostly read in the order their columns were
    /// selected, so the name asked for is usually there, found without hashing it (hashing every
    /// name was a seventh of a session check).
    private let next: UnsafeMutablePointer<Int>

    init(index: [String: Int32]) {
        self.index = index
        let count = index.values.max().map { Int($0) + 1 } ?? 0
        names = .allocate(capacity: count)
        names.initialize(repeating: "")
        lengths = .allocate(capacity: count)
        lengths.initialize(repeating: -1)
        interned = .allocate(capacity: count)
        interned.initialize(repeating: false)
        for (name, column) in index {
            names[Int(column)] = name
            lengths[Int(column)] = name.utf8.count
        }
        next = .allocate(capacity: 1)
        next.initialize(to: 0)
    }

    convenience init(_ statement: OpaquePointer) {
        var index: [String: Int32] = [:]
        for column in 0..<sqlite3_column_count(statement) {
            if let name = sqlite3_column_name(statement, column) { index[String(cString: name)] = column }
        }
        self.init(index: index)
    }

    deinit {
        _ = names.deinitialize()
        names.deallocate()
        lengths.deallocate()
        interned.deallocate()
        next.deallocate()
    }

    /// The index of the column called `name`, or nil when there is none: the names are compared
    /// from the hint on, round to it, skipping those of another length at once.
    func column(_ name: String) -> Int32? {
        let count = names.count
        let length = name.utf8.count
        var column = next.pointee < count ? next.pointee : 0
        for _ in 0..<count {
            if lengths[column] == length, names[column] == name {
                next.pointee = column + 1
                if !interned[column] {
                    names[column] = name
                    interned[column] = true
                }
                return Int32(column)
            }
            column = column + 1 == count ? 0 : column + 1
        }
        return nil
    }
}
