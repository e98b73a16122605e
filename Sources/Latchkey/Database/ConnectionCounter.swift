import Synchronization

/// Counts the connections an engine has opened, so tests can see how many a use of it costs.
final class ConnectionCounter: Sendable {
    private let count = Atomic<Int>(0)

    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
