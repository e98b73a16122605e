/// The handle a `read` or `write` closure receives: statements run inside that transaction.
/// Values are always bound, never spliced into the SQL; statements are cached by their text.
/// SQL is written with `?` parameters for every engine (PostgreSQL's `$n` are made from them).
package struct Database {
    let connection: any EngineConnection
    let generation: UInt64

    init(_ connection: any EngineConnection) {
        self.connection = connection
        self.generation = connection.transactionGeneration
    }

    /// The SQL dialect of the engine running this transaction.
    package var dialect: SQLDialect { connection.dialect }

    private func checkAlive() throws(DatabaseError) {
        guard connection.isInTransaction, connection.transactionGeneration == generation else {
            throw .misused("a database handle was used after its transaction ended")
        }
    }

    /// Runs one statement, ignoring any rows it returns.
    package func execute(_ sql: String, _ values: [any SQLBindable] = []) throws {
        try checkAlive()
        try connection.run(sql, values) { _ in }
    }

    /// Runs one query and maps each row with `transform`.
    package func query<T>(_ sql: String, _ values: [any SQLBindable] = [], _ transform: (Row) throws -> T) throws -> [T]
    {
        try checkAlive()
        var results: [T] = []
        try connection.run(sql, values) { row in results.append(try transform(row)) }
        return results
    }

    /// Runs one query and maps its first row, or returns nil when there is none.
    package func queryFirst<T>(_ sql: String, _ values: [any SQLBindable] = [], _ transform: (Row) throws -> T) throws
        -> T?
    {
        // Every row is still mapped (a later row that fails still fails the query), but no array
        // is built for the one kept.
        try checkAlive()
        var first: T?
        try connection.run(sql, values) { row in
            let value = try transform(row)
            if first == nil { first = value }
        }
        return first
    }

    /// The rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { connection.changes }
}
