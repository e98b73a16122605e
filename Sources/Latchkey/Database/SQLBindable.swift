/// A Swift value that can be bound to a statement parameter.
package protocol SQLBindable: Sendable {
    /// The value as SQLite stores it.
    var sqlValue: SQLValue { get }
}
