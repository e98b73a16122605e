internal import CSQLite
import Foundation
import Synchronization

/// The one storage worker every scene shares, configured for safety (foreign keys, secure delete,
/// busy timeout, WAL with full sync for files) and migrated to this build's schema when opened.
/// Writes go through one connection; a file database also has a few reader connections, so a
/// `read` never waits for another thread's `read` (WAL lets them run beside the writer).
public final class DatabaseWorker: Sendable {
    /// Where the data lives (the installation secret's key file goes beside it).
    public let location: DatabaseLocation
    private let connection: Mutex<Connection>
    private let readers: [ReaderSlot]
    private let nextReader = Atomic<Int>(0)
    /// Reader connections a file database gets.
    static let readerCount = 3

    /// Opens (creating if needed) the database at `location` and applies pending `migrations`.
    /// A statement waits up to `busyTimeout` for another connection's lock before failing as busy.
    public init(
        _ location: DatabaseLocation, busyTimeout: Duration = SecurityPolicy().busyTimeout,
        migrations: [Migration] = Migration.bundled
    ) throws(DatabaseError) {
        self.location = location
        let handle = try Self.open(location)
        connection = Mutex(Connection(handle: handle))
        // Each reader connection is opened on its first use: a command that reads once (a CLI run)
        // opens one, not three.
        if case .file(let path) = location {
            readers = (0..<Self.readerCount).map { _ in ReaderSlot(path: path, busyTimeout: busyTimeout) }
        } else {
            readers = []
        }
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

    /// Runs `body` in a read transaction (a consistent snapshot), on a reader connection when the
    /// database has them: the first idle one, or else the next in turn.
    public func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        guard !readers.isEmpty else { return try transaction("BEGIN DEFERRED", body) }
        try TransactionMark.enter()
        defer { TransactionMark.leave() }
        let start = nextReader.add(1, ordering: .relaxed).oldValue
        for offset in 0..<readers.count {
            let slot = readers[(start + offset) % readers.count]
            if let result = try slot.ifAvailable({ connection in try Self.run("BEGIN DEFERRED", body, on: connection) })
            {
                return result.value
            }
        }
        return try readers[start % readers.count].waiting { connection in
            try Self.run("BEGIN DEFERRED", body, on: connection)
        }
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: committed when it returns, rolled back when it throws.
    public func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try transaction("BEGIN IMMEDIATE", body)
    }

    private func transaction<T: Sendable>(_ begin: String, _ body: (Database) throws -> T) throws -> T {
        try withConnection { connection in try Self.run(begin, body, on: connection) }
    }

    /// `body` in a transaction on `connection`: committed when it returns, rolled back when it throws.
    private static func run<T: Sendable>(_ begin: String, _ body: (Database) throws -> T, on connection: Connection)
        throws -> T
    {
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

    private func withConnection<T: Sendable, E: Error>(_ body: (Connection) throws(E) -> T) throws -> T {
        try TransactionMark.enter()
        defer { TransactionMark.leave() }
        return try connection.withLock { connection throws(E) -> T in try body(connection) }
    }

    private func configure(busyTimeout: Duration) throws {
        try withConnection { connection throws(DatabaseError) in
            try Self.configure(connection, busyTimeout: busyTimeout)
        }
    }

    /// Every connection's settings (the writer's and each reader's).
    private static func configure(_ connection: Connection, busyTimeout: Duration) throws(DatabaseError) {
        sqlite3_busy_timeout(connection.handle, Int32(clamping: busyTimeout.components.seconds * 1000))
        try connection.executeScript(
            "PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON; PRAGMA trusted_schema = OFF;")
        // Pages read through a memory map instead of a copy per read, so a large database's lookups
        // touch fewer bytes (measured on the 1M-user benchmark). Nothing for an in-memory database.
        try connection.executeScript("PRAGMA mmap_size = 268435456;")
    }

    /// A reader connection to a file the writer has already prepared and migrated.
    static func openReader(path: String, busyTimeout: Duration) throws(DatabaseError) -> Connection {
        let reader = Connection(handle: try openHandle(path))
        try configure(reader, busyTimeout: busyTimeout)
        return reader
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
        return try openHandle(path)
    }

    /// Opens `path` read-write, refusing SQLite's silent fall-back to read-only.
    private static func openHandle(_ path: String) throws(DatabaseError) -> OpaquePointer {
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

/// One reader connection and its lock.
final class ReaderSlot: Sendable {
    private let connection = Mutex<Connection?>(nil)
    private let path: String
    private let busyTimeout: Duration

    init(path: String, busyTimeout: Duration) {
        self.path = path
        self.busyTimeout = busyTimeout
    }

    /// `body` on the connection if no other thread holds it, else nil at once.
    func ifAvailable<T: Sendable>(_ body: (Connection) throws -> T) throws -> Box<T>? {
        try connection.withLockIfAvailable { connection throws -> Box<T> in
            Box(try body(try Self.opened(&connection, path, busyTimeout)))
        }
    }

    /// `body` on the connection, waiting for it.
    func waiting<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        try connection.withLock { connection throws -> T in try body(try Self.opened(&connection, path, busyTimeout)) }
    }

    /// The slot's connection, opened the first time it is needed.
    private static func opened(_ connection: inout Connection?, _ path: String, _ busyTimeout: Duration) throws
        -> Connection
    {
        if let connection { return connection }
        let reader = try DatabaseWorker.openReader(path: path, busyTimeout: busyTimeout)
        connection = reader
        return reader
    }
}

/// Wraps a result so that "no lock was free" (nil) cannot be confused with an optional result.
struct Box<T: Sendable>: Sendable {
    let value: T
    init(_ value: T) { self.value = value }
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
