import Foundation

/// PostgreSQL: a small pool of connections, opened as needed. Writes run `SERIALIZABLE`, and a
/// transaction that lost a serialization conflict or a deadlock is run again (bounded, with
/// jitter), so every write keeps the all-or-nothing, one-at-a-time meaning it has on SQLite.
/// Reads run `REPEATABLE READ READ ONLY`: one snapshot, like a SQLite read transaction.
final class PostgresEngine: StorageEngine {
    private let url: String
    private let busyTimeout: Duration
    private let pool: ConnectionPool<PostgresConnection>
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
        let open = { @Sendable () throws(DatabaseError) in
            try PostgresConnection.connect(url: url, busyTimeout: busyTimeout)
        }
        pool = ConnectionPool(
            [ConnectionSlot(first, open: open)] + (1..<Self.poolSize).map { _ in ConnectionSlot(open: open) })
    }

    func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try retrying {
            try pool.withConnection { try $0.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body) }
        }
    }

    func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try retrying { try pool.withConnection { try $0.transaction("BEGIN ISOLATION LEVEL SERIALIZABLE", body) } }
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
}
