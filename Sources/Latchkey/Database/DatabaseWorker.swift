internal import CSQLite
import Foundation
import Synchronization

/// The one storage worker every scene shares: a single SQLite connection, serialized by a lock,
/// configured for safety (foreign keys, secure delete, busy timeout, WAL with full sync for files)
/// and migrated to this build's schema when opened.
public final class DatabaseWorker: Sendable {
    /// Where the data lives (the installation secret's key file goes beside it).
    public let location: DatabaseLocation
    private let connection: Mutex<Connection>
    /// The thread inside `read`/`write`, so a nested call is refused instead of deadlocking.
    private let owner = Atomic<UInt>(0)

    /// Opens (creating if needed) the database at `location` and applies pending `migrations`.
    /// A statement waits up to `busyTimeout` for another connection's lock before failing as busy.
    public init(
        _ location: DatabaseLocation, busyTimeout: Duration = SecurityPolicy().busyTimeout,
        migrations: [Migration] = Migration.bundled
    ) throws(DatabaseError) {
        self.location = location
        let handle = try Self.open(location)
        connection = Mutex(Connection(handle: handle))
        do {
            try configure(busyTimeout: busyTimeout)
            let applied = try Migrator.validate(self, against: migrations, location: location)
            if case .file = location {
                // Only after validation: a refused file must stay byte for byte as it was.
                try withConnection { connection throws(DatabaseError) in
                    try connection.switchToWAL(within: busyTimeout)
                    try connection.executeScript("PRAGMA synchronous = FULL;")
                }
            }
            try Migrator.apply(self, migrations, skipping: applied, now: Int64(Date().timeIntervalSince1970))
        } catch let error as DatabaseError {
            throw error
        } catch {
            preconditionFailure("migrations throw only DatabaseError: \(error)")
        }
    }

    /// Runs `body` in a read transaction (a consistent snapshot).
    public func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try transaction("BEGIN DEFERRED", body)
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: committed when it returns, rolled back when it throws.
    public func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try transaction("BEGIN IMMEDIATE", body)
    }

    private func transaction<T: Sendable>(_ begin: String, _ body: (Database) throws -> T) throws -> T {
        try withConnection { connection in
            try connection.step(begin)
            connection.isInTransaction = true
            defer { connection.endTransaction() }
            do {
                let result = try body(Database(connection))
                try connection.step("COMMIT")
                return result
            } catch {
                // SQLite may already have rolled back (e.g. after SQLITE_FULL); then there is nothing to undo.
                if sqlite3_get_autocommit(connection.handle) == 0 {
                    _ = sqlite3_exec(connection.handle, "ROLLBACK", nil, nil, nil)
                }
                throw error
            }
        }
    }

    private func withConnection<T: Sendable, E: Error>(_ body: (Connection) throws(E) -> T) throws -> T {
        let me = Self.currentThreadID()
        guard owner.load(ordering: .relaxed) != me else {
            throw DatabaseError.misused("a read or write started inside another one on the same worker")
        }
        return try connection.withLock { connection throws(E) -> T in
            owner.store(me, ordering: .relaxed)
            defer { owner.store(0, ordering: .relaxed) }
            return try body(connection)
        }
    }

    private static func currentThreadID() -> UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }

    private func configure(busyTimeout: Duration) throws {
        let milliseconds = Int32(clamping: busyTimeout.components.seconds * 1000)
        try withConnection { connection throws(DatabaseError) in
            sqlite3_busy_timeout(connection.handle, milliseconds)
            try connection.executeScript(
                "PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON; PRAGMA trusted_schema = OFF;")
        }
    }

    private static func open(_ location: DatabaseLocation) throws(DatabaseError) -> OpaquePointer {
        let path: String
        switch location {
        case .inMemory:
            path = ":memory:"
        case .file(let filePath):
            try PrivateFile.prepare(filePath)
            path = filePath
        }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard let handle else { throw .cannotCreate(path: path, reason: "out of memory") }
        guard code == SQLITE_OK else {
            let error = SQLiteError(extendedCode: code, message: String(cString: sqlite3_errmsg(handle)), sql: nil)
            sqlite3_close_v2(handle)
            throw .sqlite(error)
        }
        // SQLite silently falls back to read-only when the file is not writable; say so instead.
        if sqlite3_db_readonly(handle, "main") == 1 {
            sqlite3_close_v2(handle)
            throw .readOnly(path: path)
        }
        return handle
    }
}
