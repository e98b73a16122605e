/// A way of keeping data: one writer and readers over a SQLite file, or a pool over a PostgreSQL server.
protocol StorageEngine: Sendable {
    var dialect: SQLDialect { get }
    /// `body` in a read transaction: a consistent snapshot.
    func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T
    /// `body`, one statement, without a transaction where that saves round trips (PostgreSQL); a
    /// second statement is refused.
    func readStatement<T: Sendable>(_ body: (Database) throws -> T) throws -> T
    /// `body` in a write transaction: committed when it returns, rolled back when it throws.
    func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T
    /// One migration's write transaction, with other processes and machines kept out of migrating
    /// meanwhile.
    func migrationWrite<T: Sendable>(_ body: (Database) throws -> T) throws -> T
    /// Called once the existing schema is known to be Latchkey's, before any migration writes.
    func schemaValidated() throws(DatabaseError)
}
