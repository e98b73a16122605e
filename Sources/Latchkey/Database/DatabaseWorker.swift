import Foundation

/// The one storage worker every scene shares, over SQLite or PostgreSQL, configured for safety and
/// migrated to this build's schema when opened. Whatever the engine: `read` sees a consistent
/// snapshot, and `write` is all-or-nothing (rolled back when its body throws).
public final class DatabaseWorker: Sendable {
    /// Where the data lives (the installation secret's key file goes beside a file database).
    public let location: DatabaseLocation
    private let engine: any StorageEngine
    /// Reader connections a SQLite file database gets.
    static let readerCount = 3

    /// The SQL dialect of the engine behind this worker.
    public var dialect: SQLDialect { engine.dialect }

    /// Opens (creating if needed) the database at `location` and applies pending `migrations`
    /// (by default this build's, for the location's engine). A statement waits up to `busyTimeout`
    /// for another connection's lock before failing as busy.
    public init(
        _ location: DatabaseLocation, busyTimeout: Duration = SecurityPolicy().busyTimeout,
        migrations: [Migration]? = nil
    ) throws(DatabaseError) {
        self.location = location
        switch location {
        case .inMemory: engine = try SQLiteEngine(path: nil, busyTimeout: busyTimeout)
        case .file(let path): engine = try SQLiteEngine(path: path, busyTimeout: busyTimeout)
        case .postgresql(let url): engine = try PostgresEngine(url: url, busyTimeout: busyTimeout)
        }
        let migrations = migrations ?? engine.dialect.migrations
        do {
            try engine.migrating {
                let applied = try Migrator.validate(self, against: migrations, location: location)
                try engine.schemaValidated()
                try Migrator.apply(self, migrations, skipping: applied, now: Int64(Date().timeIntervalSince1970))
            }
        } catch let error as DatabaseError {
            throw error
        } catch {
            preconditionFailure("migrations throw only DatabaseError: \(error)")
        }
    }

    /// Runs `body` in a read transaction (a consistent snapshot), on a reader connection when the
    /// engine has them.
    public func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try TransactionMark.enter()
        defer { TransactionMark.leave() }
        return try engine.read(body)
    }

    /// Runs `body` in a write transaction: committed when it returns, rolled back when it throws.
    /// SQLite takes the write lock first (`BEGIN IMMEDIATE`); PostgreSQL runs it `SERIALIZABLE` and
    /// runs `body` again after a serialization failure, so it must not act outside the database.
    public func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try TransactionMark.enter()
        defer { TransactionMark.leave() }
        return try engine.write(body)
    }
}

/// Marks the threads inside a `read` or `write` (a thread-local flag), so a nested call is refused
/// as misuse instead of deadlocking or running outside the first transaction.
enum TransactionMark {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static func enter() throws(DatabaseError) {
        guard pthread_getspecific(key) == nil else {
            throw .misused("a read or write started inside another one on the same worker")
        }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
    }

    static func leave() { pthread_setspecific(key, nil) }
}
