import Foundation
import Synchronization

/// PostgreSQL: a small pool of connections, each opened only when no open one is free (a command on
/// one thread uses one connection). Writes run `SERIALIZABLE`, and a transaction that lost a
/// serialization conflict or a deadlock is run again (bounded, with jitter), so every write keeps the
/// all-or-nothing, one-at-a-time meaning it has on SQLite. Reads run `REPEATABLE READ READ ONLY`:
/// one snapshot, like a SQLite read transaction. A connection the server dropped while idle (a
/// restart, a failover, a pooler's recycling) is replaced once, transparently, when nothing of the
/// transaction had run.
final class PostgresEngine: StorageEngine {
    private let pool: ConnectionPool<PostgresConnection>
    private let busyTimeout: Duration
    private let deadline: Duration
    /// Every exchange with the server by this engine's connections (for tests and the harness).
    let roundTrips = EventCounter()
    var dialect: SQLDialect { .postgresql }

    /// Connections a worker keeps at most.
    static let poolSize = 4
    /// Times a write transaction is tried before its conflict is reported as busy.
    static let attempts = 20
    /// Two 32-bit keys for the migrations' advisory lock: "LkMi" and the schema's hash.
    static let migrationLockKey: Int32 = 0x4C6B_4D69
    /// The client-side deadline of one operation when none is given.
    static let defaultDeadline: Duration = .seconds(30)

    /// Connects once at once, so an unreachable server or a refused sign-in is reported here.
    init(url: String, busyTimeout: Duration, deadline: Duration) throws(DatabaseError) {
        self.busyTimeout = busyTimeout
        self.deadline = deadline
        let counter = roundTrips
        let open = { @Sendable () throws(DatabaseError) in
            let connection = try PostgresConnection.connect(url: url, lockTimeout: busyTimeout, deadline: deadline)
            connection.roundTrips = counter
            return connection
        }
        let first = try open()
        pool = ConnectionPool(
            [ConnectionSlot(first, open: open)] + (1..<Self.poolSize).map { _ in ConnectionSlot(open: open) })
    }

    func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try retrying(reading: true) { limits in
            try connection(limits) { try $0.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body) }
        }
    }

    func readStatement<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try retrying(reading: true) { limits in try connection(limits) { try $0.alone(body) } }
    }

    func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try retrying(reading: false) { limits in
            try connection(limits) { try $0.transaction("BEGIN ISOLATION LEVEL SERIALIZABLE", body) }
        }
    }

    /// `body` on a pooled connection that keeps to `limits` meanwhile.
    private func connection<T: Sendable>(_ limits: OperationLimits, _ body: (PostgresConnection) throws -> T)
        throws -> T
    {
        try pool.withConnection { connection in
            connection.limits = limits
            defer { connection.limits = nil }
            return try body(connection)
        }
    }

    /// One migration's transaction under a transaction-level advisory lock (it ends with the
    /// transaction, so nothing is left on a pooled server connection), taken only when a migration
    /// is pending. READ COMMITTED, so what the migrator reads after the lock is what the process
    /// that held it committed; the wait is bounded by the lock timeout (busy, 75).
    func migrationWrite<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try connection(OperationLimits(busyTimeout: busyTimeout, deadline: deadline)) { connection in
            try connection.transaction("BEGIN ISOLATION LEVEL READ COMMITTED") { db in
                try db.connection.executeScript(
                    "SELECT pg_advisory_xact_lock(\(Self.migrationLockKey), hashtext(current_schema()))")
                return try body(db)
            }
        }
    }

    func schemaValidated() throws(DatabaseError) {}

    /// `attempt` again while it fails on a serialization conflict, at most `attempts` times and
    /// within the busy timeout, after a random pause that grows with each try; and once on a fresh
    /// connection when the pooled one turned out to be gone before anything of it ran. Every attempt
    /// keeps to the limits the first one started: a retry never restarts a wait.
    private func retrying<T>(reading: Bool, _ attempt: (OperationLimits) throws -> T) throws -> T {
        let limits = OperationLimits(busyTimeout: busyTimeout, deadline: deadline)
        var tries = 0
        var reconnected = false
        while true {
            tries += 1
            do {
                return try attempt(limits)
            } catch let error as DatabaseError
                where error.isSerializationConflict && tries < Self.attempts
                && ContinuousClock.now < limits.lockWaitsEnd
            {
                let ceiling = min(50_000, 500 << min(tries, 7))
                usleep(useconds_t.random(in: 100...UInt32(ceiling)))
            } catch let error as DatabaseError
                where !reconnected && Self.wasDroppedBeforeUse(error, reading: reading)
                && ContinuousClock.now < limits.end
            {
                reconnected = true
            }
        }
    }

    /// A connection lost at BEGIN (or during a read, which changed nothing): safe to run again.
    private static func wasDroppedBeforeUse(_ error: DatabaseError, reading: Bool) -> Bool {
        guard error.sqlState == "08006" else { return false }
        return reading || error.sql?.hasPrefix("BEGIN") == true
    }
}
