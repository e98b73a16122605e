import Synchronization

/// Counts an engine's events (a PostgreSQL pool's round trips, a SQLite engine's connections
/// opened) for tests and the harness, from any thread.
final class EventCounter: Sendable {
    private let count = Atomic<Int>(0)

    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
