import Foundation
import Synchronization

/// PostgreSQL: a small pool of connections, opened as needed. Writes run `SERIALIZABLE`, and a
/// transaction that lost a serialization conflict or a deadlock is run again (bounded, with
/// jitter), so every write keeps the all-or-nothing, one-at-a-time meaning it has on SQLite.
/// Reads run `REPEATABLE READ READ ONLY`: one snapshot, like a SQLite read transaction.
final class PostgresEngine: StorageEngine {
    private let url: String
    private let busyTimeout: Duration
    private let slots: [PoolSlot]
    private let nextSlot = Atomic<Int>(0)
    var dialect: SQLDialect { .postgresql }

    /// Connections a worker keeps at most.
    static let poolSize = 4
    /// Times a write transaction is tried before its conflict is reported as busy.
    static let attempts = 20
    /// Two 32-bit keys for the migrations' advisory lock: "LkMi" and the schema's hash.
    static let migrationLockKey: Int32 = 0x4C6B_4D69

    /// Connects once at once, so an unreachable server or a refused sign-in is reported here.
    init(url: String, busyTimeout: Duration) throws(DatabaseError) {
        self.url = url
        self.busyTimeout = busyTimeout
        let first = try PostgresConnection.connect(url: url, busyTimeout: busyTimeout)
        slots =
            [PoolSlot(first, url: url, busyTimeout: busyTimeout)]
            + (1..<Self.poolSize).map { _ in PoolSlot(nil, url: url, busyTimeout: busyTimeout) }
    }

    func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try retrying {
            try withConnection { try Self.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body, on: $0) }
        }
    }

    func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try retrying { try withConnection { try Self.run("BEGIN ISOLATION LEVEL SERIALIZABLE", body, on: $0) } }
    }

    /// A session-level advisory lock, held on a connection of its own while `body` migrates: several
    /// machines starting at once migrate exactly once (the others then find the work done).
    func migrating<T>(_ body: () throws -> T) throws -> T {
        let holder = try PostgresConnection.connect(url: url, busyTimeout: .seconds(120))
        let key = "\(Self.migrationLockKey), hashtext(current_schema())"
        try holder.executeScript("SELECT pg_advisory_lock(\(key))")
        defer { try? holder.executeScript("SELECT pg_advisory_unlock(\(key))") }
        return try body()
    }

    func schemaValidated() throws(DatabaseError) {}

    /// `attempt` again while it fails on a serialization conflict, at most `attempts` times and
    /// within the busy timeout, after a random pause that grows with each try.
    private func retrying<T>(_ attempt: () throws -> T) throws -> T {
        let deadline = ContinuousClock.now + busyTimeout
        var tries = 0
        while true {
            tries += 1
            do {
                return try attempt()
            } catch let error as DatabaseError
                where error.postgresError?.isSerializationConflict == true && tries < Self.attempts
                && ContinuousClock.now < deadline
            {
                let ceiling = min(50_000, 500 << min(tries, 7))
                usleep(useconds_t.random(in: 100...UInt32(ceiling)))
            }
        }
    }

    /// `body` on a pooled connection: the first idle one, else the next in turn (waiting for it).
    private func withConnection<T: Sendable>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let start = nextSlot.add(1, ordering: .relaxed).oldValue
        for offset in 0..<slots.count {
            if let result = try slots[(start + offset) % slots.count].ifAvailable(body) { return result.value }
        }
        return try slots[start % slots.count].waiting(body)
    }

    /// `body` in a transaction on `connection`: committed when it returns, rolled back when it throws.
    private static func run<T: Sendable>(
        _ begin: String, _ body: (Database) throws -> T, on connection: PostgresConnection
    ) throws -> T {
        try connection.executeScript(begin)
        connection.isInTransaction = true
        defer { connection.endTransaction() }
        do {
            let result = try body(Database(connection))
            try connection.commit()
            return result
        } catch {
            try? connection.executeScript("ROLLBACK")
            throw error
        }
    }
}

/// One pooled connection (nil until first needed, or after it broke) and its lock.
final class PoolSlot: Sendable {
    private let connection: Mutex<PostgresConnection?>
    private let url: String
    private let busyTimeout: Duration

    init(_ connection: sending PostgresConnection?, url: String, busyTimeout: Duration) {
        self.connection = Mutex(connection)
        self.url = url
        self.busyTimeout = busyTimeout
    }

    /// `body` on the connection if no other thread holds it, else nil at once.
    func ifAvailable<T: Sendable>(_ body: (PostgresConnection) throws -> T) throws -> Box<T>? {
        try connection.withLockIfAvailable { connection throws -> Box<T> in
            let opened = try Self.opened(&connection, url, busyTimeout)
            defer { Self.dropIfBroken(&connection) }
            return Box(try body(opened))
        }
    }

    /// `body` on the connection, waiting for it.
    func waiting<T: Sendable>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try connection.withLock { connection throws -> T in
            let opened = try Self.opened(&connection, url, busyTimeout)
            defer { Self.dropIfBroken(&connection) }
            return try body(opened)
        }
    }

    private static func opened(_ connection: inout PostgresConnection?, _ url: String, _ busyTimeout: Duration) throws
        -> PostgresConnection
    {
        if let connection { return connection }
        let new = try PostgresConnection.connect(url: url, busyTimeout: busyTimeout)
        connection = new
        return new
    }

    /// A connection the server dropped is let go; the next use of the slot connects again.
    private static func dropIfBroken(_ connection: inout PostgresConnection?) {
        if connection?.isUsable == false { connection = nil }
    }
}
