import Synchronization

/// One pooled connection and its lock: opened the first time it is needed, and opened again after
/// it broke (a PostgreSQL server that dropped it). SQLite's readers and PostgreSQL's pool use it.
final class ConnectionSlot<Connection: EngineConnection>: Sendable {
    private let connection: Mutex<Connection?>
    private let open: @Sendable () throws(DatabaseError) -> Connection
    /// Keeps the next slot's lock off this one's cache lines: a pool's slots are allocated one after
    /// the other, and two threads each locking its own slot on every read would otherwise keep
    /// taking the same line from each other.
    private let padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )

    init(_ connection: sending Connection? = nil, open: @escaping @Sendable () throws(DatabaseError) -> Connection) {
        self.connection = Mutex(connection)
        self.open = open
    }

    /// `body` on the connection if no other thread holds it (and, unless `opening`, it is already
    /// open), else nil at once.
    func ifAvailable<T: Sendable>(opening: Bool, _ body: (Connection) throws -> T) throws -> Box<T>? {
        try connection.withLockIfAvailable { connection throws -> Box<T>? in
            guard opening || connection != nil else { return nil }
            let opened = try Self.opened(&connection, open)
            defer { Self.dropIfBroken(&connection) }
            return Box(try body(opened))
        } ?? nil
    }

    /// `body` on the connection, waiting for it.
    func waiting<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        try connection.withLock { connection throws -> T in
            let opened = try Self.opened(&connection, open)
            defer { Self.dropIfBroken(&connection) }
            return try body(opened)
        }
    }

    private static func opened(
        _ connection: inout Connection?, _ open: @Sendable () throws(DatabaseError) -> Connection
    ) throws -> Connection {
        if let connection { return connection }
        let new = try open()
        connection = new
        return new
    }

    private static func dropIfBroken(_ connection: inout Connection?) {
        if connection?.isUsable == false { connection = nil }
    }
}
