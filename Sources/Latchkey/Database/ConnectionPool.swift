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

    /// Starts from the slot this thread used last (see `PreferredSlot`), then goes round.
    func withConnection<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        let count = slots.count
        let first = PreferredSlot.index % count
        for pass in 0..<2 {
            let opening = pass == 1
            for step in 0..<count {
                let index = (first + step) % count
                if let result = try slots[index].ifAvailable(opening: opening, body) {
                    if index != first { PreferredSlot.index = index }
                    return result.value
                }
            }
        }
        return try slots[next.add(1, ordering: .relaxed).oldValue % count].waiting(body)
    }
}
