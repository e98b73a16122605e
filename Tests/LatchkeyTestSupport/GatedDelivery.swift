import Dispatch
import Foundation
import Latchkey
import Synchronization

/// A delivery whose every message stops until the test opens the gate (or the service cancels the
/// deliveries running, which then fail), so a test can fill the delivery queue and shut it down.
final class GatedDelivery: MessageDelivery {
    private struct State {
        var held = 0
        var open = false
        var cancelled = false
        var delivered: [OutgoingMessage] = []
    }

    private let state = Mutex(State())
    private let gate = DispatchSemaphore(value: 0)

    /// The messages that went through the open gate.
    var delivered: [OutgoingMessage] { state.withLock { $0.delivered } }

    func deliver(_ message: OutgoingMessage) throws {
        let waits = state.withLock { state in
            if !state.open && !state.cancelled { state.held += 1 }
            return !state.open && !state.cancelled
        }
        if waits { gate.wait() }
        let cancelled = state.withLock { state in
            if waits { state.held -= 1 }
            if !state.cancelled { state.delivered.append(message) }
            return state.cancelled
        }
        if cancelled { throw CommandDeliveryError(description: "the gated delivery was cancelled") }
    }

    func cancelRunning() { release { $0.cancelled = true } }

    /// Lets every message through, now and from now on.
    func open() { release { $0.open = true } }

    /// Waits (off the pool, on its own clock) until `count` deliveries stopped at the gate.
    func waitUntilHeld(_ count: Int) async {
        let limit = ContinuousClock.now + .seconds(10)
        while state.withLock({ $0.held }) < count && ContinuousClock.now < limit { await Task.yield() }
    }

    private func release(_ change: (inout State) -> Void) {
        let held = state.withLock { state in
            change(&state)
            return state.held
        }
        for _ in 0..<held { gate.signal() }
    }
}
