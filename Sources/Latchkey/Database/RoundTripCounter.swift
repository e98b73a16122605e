import Foundation
import Synchronization

/// Counts round trips to the server: each statement, BEGIN and COMMIT waits for one answer.
final class RoundTripCounter: Sendable {
    private let count = Atomic<Int>(0)

    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
