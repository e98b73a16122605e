/// One connection of a storage engine, used by one thread at a time (its engine's lock sees to it).
protocol EngineConnection: AnyObject {
    /// The SQL this connection speaks.
    var dialect: SQLDialect { get }
    /// True between BEGIN and the end of the transaction.
    var isInTransaction: Bool { get set }
    /// Bumped when a transaction ends, so a `Database` handle kept past its closure is refused.
    var transactionGeneration: UInt64 { get }
    /// The rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { get }
    /// False once the connection cannot be used again (a server that dropped it).
    var isUsable: Bool { get }
    /// Outside a transaction: how many statements may still run (one), so a read that skips BEGIN
    /// and COMMIT can never become two statements without one snapshot (see `alone`).
    var statementsAlone: Int? { get set }
    /// Marks the transaction ended.
    func endTransaction()
    /// Starts a transaction with `sql` (BEGIN …).
    func begin(_ sql: String) throws(DatabaseError)
    /// Commits; fails when the engine could not.
    func commit() throws(DatabaseError)
    /// Rolls back what is still open (the engine may already have).
    func rollback()
    /// Runs one statement with `values` bound to its `?` parameters, calling `row` for each row.
    func run(_ sql: String, _ values: [any SQLBindable], row: (Row) throws -> Void) throws
    /// Runs SQL text with no parameters, possibly several statements (migrations).
    func executeScript(_ sql: String) throws(DatabaseError)
}

extension EngineConnection {
    /// `body` in a transaction begun with `begin`: committed when it returns, rolled back when it throws.
    func transaction<T: Sendable>(_ begin: String, _ body: (Database) throws -> T) throws -> T {
        try self.begin(begin)
        isInTransaction = true
        defer { endTransaction() }
        do {
            let result = try body(Database(self))
            try commit()
            return result
        } catch {
            rollback()
            throw error
        }
    }

    /// Runs `body`, which may run one statement, outside any transaction: the statement is its own
    /// snapshot, with no BEGIN and COMMIT around it (on SQLite, autocommit mode; on PostgreSQL, one
    /// round trip instead of three).
    func alone<T>(_ body: (Database) throws -> T) throws -> T {
        isInTransaction = true
        statementsAlone = 1
        defer {
            statementsAlone = nil
            endTransaction()
        }
        return try body(Database(self))
    }

    /// Counts `sql` against a one-statement read's allowance (nothing outside one).
    func countStatementAlone(_ sql: String) throws(DatabaseError) {
        guard let left = statementsAlone else { return }
        guard left > 0 else { throw .misused("a second statement in a one-statement read: \"\(sql)\"") }
        statementsAlone = left - 1
    }
}
