import Synchronization

/// A few connection slots: a body gets an idle open connection, else opens one in a free slot, else
/// waits for the next in turn; so one thread never holds more than one connection open. SQLite's
/// readers and PostgreSQL's pool are each one.
final class ConnectionPool<Connection: EngineConnection>: Sendable {
    private let slots: [ConnectionSlot<Connection>]
    private let next = Atomic<Int>(0)

    init(_ slots: [ConnectionSlot<Connection>]) {
        self.slots = slots
    }

    var isEmpty: Bool { slots.isEmpty }

    func withConnection<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        for opening in [false, true] {
            for slot in slots {
                if let result = try slot.ifAvailable(opening: opening, body) { return result.value }
            }
        }
        return try slots[next.add(1, ordering: .relaxed).oldValue % slots.count].waiting(body)
    }
}
