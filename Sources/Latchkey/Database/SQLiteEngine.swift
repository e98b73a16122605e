internal import CSQLite
import Foundation
import Synchronization

/// SQLite: writes go through one connection; a file database also has a few reader connections,
/// so a `read` never waits for another thread's `read` (WAL lets them run beside the writer).
final class SQLiteEngine: StorageEngine {
    private let writer: Mutex<SQLiteConnection>
    private let readers: ConnectionPool<SQLiteConnection>
    private let path: String?
    private let busyTimeout: Duration
    /// Set once the file is in WAL mode: readers opened before would keep the old journal mode.
    private let validated = Atomic<Bool>(false)
    var dialect: SQLDialect { .sqlite }

    /// SQLite connections this engine has opened: for tests.
    private let opened = EventCounter()
    var connectionsOpened: Int { opened.value }

    /// Opens (creating a private file if needed) the database at `path`, or an in-memory one for nil;
    /// a file used by `.oneCommand` gets no reader connections.
    init(path: String?, busyTimeout: Duration, use: WorkerUse = .concurrent) throws(DatabaseError) {
        _ = Self.processSettings
        self.path = path
        self.busyTimeout = busyTimeout
        if let path { try PrivateFile.prepare(path) }
        let connection = SQLiteConnection(handle: try Self.openHandle(path ?? ":memory:"))
        try Self.configure(connection, busyTimeout: busyTimeout)
        writer = Mutex(connection)
        opened.add()
        // Each reader connection is opened on its first use: a server that reads on one thread
        // opens one, not three. With no readers, every read runs on the writer.
        let readerPath = use == .concurrent ? path : nil
        readers = ConnectionPool(
            readerPath.map { [opened] path in
                (0..<DatabaseWorker.readerCount).map { _ in
                    ConnectionSlot { () throws(DatabaseError) in
                        let reader = try Self.openReader(path: path, busyTimeout: busyTimeout)
                        opened.add()
                        return reader
                    }
                }
            } ?? [])
    }

    func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        guard !readers.isEmpty, validated.load(ordering: .acquiring) else {
            return try withWriter { try $0.transaction("BEGIN DEFERRED", body) }
        }
        return try readers.withConnection { try $0.transaction("BEGIN DEFERRED", body) }
    }

    /// One statement in SQLite's autocommit mode: itself one snapshot, without stepping BEGIN and
    /// COMMIT around it (a session check's only statement).
    func readStatement<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        guard !readers.isEmpty, validated.load(ordering: .acquiring) else {
            return try withWriter { try $0.alone(body) }
        }
        return try readers.withConnection { try $0.alone(body) }
    }

    /// `BEGIN IMMEDIATE`: the write lock is taken first, so a transaction never fails half-way on it.
    func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try withWriter { try $0.transaction("BEGIN IMMEDIATE", body) }
    }

    private func withWriter<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try writer.withLock { connection throws -> T in try body(connection) }
    }

    /// SQLite's write lock already keeps every other writer out of each migration's transaction.
    func migrationWrite<T: Sendable>(_ body: (Database) throws -> T) throws -> T { try write(body) }

    /// Only after validation: a refused file must stay byte for byte as it was.
    func schemaValidated() throws(DatabaseError) {
        guard path != nil else { return }
        try writer.withLock { connection throws(DatabaseError) in
            try connection.switchToWAL(within: busyTimeout)
            try connection.executeScript("PRAGMA synchronous = FULL;")
        }
        validated.store(true, ordering: .releasing)
    }

    /// SQLite's memory statistics off, once, before the first connection: with them on, every
    /// allocation inside SQLite takes one process-wide mutex (the system library is built without
    /// lookaside memory, so a query allocates a few dozen times), which threads reading at once
    /// fought over. Only the statistics (`sqlite3_memory_used`) are lost. Refused, harmlessly, when
    /// the process had already started SQLite.
    private static let processSettings: Void = { _ = latchkey_sqlite3_config_memstatus(0) }()

    /// Every connection's settings (the writer's and each reader's).
    private static func configure(_ connection: SQLiteConnection, busyTimeout: Duration) throws(DatabaseError) {
        sqlite3_busy_timeout(connection.handle, Int32(clamping: busyTimeout.components.seconds * 1000))
        try connection.executeScript(
            "PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON; PRAGMA trusted_schema = OFF;")
        // Pages read through a memory map instead of a copy per read, so a large database's lookups
        // touch fewer bytes (measured on the 1M-user benchmark). Nothing for an in-memory database.
        try connection.executeScript("PRAGMA mmap_size = 268435456;")
    }

    /// A reader connection to a file the writer has already prepared and migrated.
    static func openReader(path: String, busyTimeout: Duration) throws(DatabaseError) -> SQLiteConnection {
        let reader = SQLiteConnection(handle: try openHandle(path))
        try configure(reader, busyTimeout: busyTimeout)
        return reader
    }

    /// Opens `path` read-write, refusing SQLite's silent fall-back to read-only.
    private static func openHandle(_ path: String) throws(DatabaseError) -> OpaquePointer {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard let handle else { throw .cannotCreate(path: path, reason: "out of memory") }
        guard code == SQLITE_OK else {
            let error = DatabaseError.sqlite(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: nil)
            sqlite3_close_v2(handle)
            throw error
        }
        // SQLite silently falls back to read-only when the file is not writable; say so instead.
        if sqlite3_db_readonly(handle, "main") == 1 {
            sqlite3_close_v2(handle)
            throw .readOnly(path: path)
        }
        return handle
    }
}
