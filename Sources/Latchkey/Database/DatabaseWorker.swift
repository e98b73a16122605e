import Foundation

/// The one storage worker every scene shares, over SQLite or PostgreSQL, configured for safety and
/// migrated to this build's schema when opened. Whatever the engine: `read` sees a consistent
/// snapshot, and `write` is all-or-nothing (rolled back when its body throws).
public final class DatabaseWorker: Sendable {
    /// Where the data lives (the installation secret's key file goes beside a file database).
    package let location: DatabaseLocation
    private let engine: any StorageEngine
    /// The same engine when it is SQLite, called directly: through the existential its generic
    /// methods ran unspecialized, looking up generic types at run time on every session check.
    private let sqlite: SQLiteEngine?
    /// The installation keys used with this database, recorded by the first write that follows
    /// their first use.
    let installationKeys = InstallationKeyRecorder()
    /// Reader connections a SQLite file database gets.
    static let readerCount = 3

    /// The SQL dialect of the engine behind this worker.
    package var dialect: SQLDialect { engine.dialect }

    /// Opens (creating if needed) the database at `location` and applies this build's pending
    /// migrations. A statement waits up to `busyTimeout` for another connection's lock before failing
    /// as busy; on PostgreSQL, every operation is cancelled after `deadline` without an answer (busy;
    /// for a commit, an outcome unknown).
    public convenience init(
        _ location: DatabaseLocation, busyTimeout: Duration = SecurityPolicy().busyTimeout, deadline: Duration? = nil
    ) throws(DatabaseError) {
        try self.init(location, busyTimeout: busyTimeout, deadline: deadline, migrations: nil)
    }

    /// As above, with the `migrations` to apply instead of this build's (tests of the migrator), and
    /// how the process's threads will `use` the worker (the CLI runs one command on one thread).
    package init(
        _ location: DatabaseLocation, busyTimeout: Duration = SecurityPolicy().busyTimeout,
        deadline: Duration? = nil, migrations: [Migration]?, use: WorkerUse = .concurrent
    ) throws(DatabaseError) {
        self.location = location
        switch location {
        case .inMemory:
            sqlite = try SQLiteEngine(path: nil, busyTimeout: busyTimeout)
            engine = sqlite!
        case .file(let path):
            sqlite = try SQLiteEngine(path: path, busyTimeout: busyTimeout, use: use)
            engine = sqlite!
        case .postgresql(let url):
            sqlite = nil
            engine = try PostgresEngine(
                url: url, busyTimeout: busyTimeout, deadline: deadline ?? PostgresEngine.defaultDeadline)
        }
        let migrations = migrations ?? engine.dialect.migrations
        do {
            // Read first: a database with nothing pending takes no lock (start-ups do not queue).
            let applied = try Migrator.validate(self, against: migrations, location: location)
            try engine.schemaValidated()
            if !migrations.allSatisfy({ applied.contains($0.version) }) {
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
    package func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try TransactionMark.enter(self)
        defer { TransactionMark.leave(self) }
        if let sqlite { return try sqlite.read(body) }
        return try engine.read(body)
    }

    /// Runs `body`, which runs exactly one statement (itself one snapshot): on PostgreSQL without
    /// BEGIN and COMMIT, one round trip instead of three. A second statement is refused as a misuse.
    package func readStatement<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try TransactionMark.enter(self)
        defer { TransactionMark.leave(self) }
        if let sqlite { return try sqlite.readStatement(body) }
        return try engine.readStatement(body)
    }

    /// SQLite connections opened so far (nil on PostgreSQL): for tests.
    package var sqliteConnectionsOpened: Int? { sqlite?.connectionsOpened }

    /// Round trips to a PostgreSQL server so far (nil on SQLite): for tests and the harness.
    package var roundTrips: Int? { (engine as? PostgresEngine)?.roundTrips.value }

    /// Runs `body` in a write transaction: committed when it returns, rolled back when it throws.
    /// SQLite takes the write lock first (`BEGIN IMMEDIATE`); PostgreSQL runs it `SERIALIZABLE` and
    /// runs `body` again after a serialization failure, so it must not act outside the database.
    /// A key file's key first used before or during it is recorded in the same transaction (or, if
    /// the database holds another key's, the transaction fails: see `InstallationKeyRecorder`).
    package func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try TransactionMark.enter(self)
        defer { TransactionMark.leave(self) }
        var recorded: [InstallationSecret] = []
        func transaction(_ db: Database) throws -> T {
            let result = try body(db)
            recorded = try installationKeys.recordKeysInUse(in: db)
            return result
        }
        let result: T
        if let sqlite { result = try sqlite.write(transaction) } else { result = try engine.write(transaction) }
        installationKeys.markRecorded(recorded)
        return result
    }

    /// One migration's write transaction (under the engine's migration lock).
    func migrationWrite<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try TransactionMark.enter(self)
        defer { TransactionMark.leave(self) }
        return try engine.migrationWrite(body)
    }
}
