import Foundation
package import Logging
import Synchronization

/// The service's messages on their way to the application's delivery, on threads of their own and
/// after the answers, so a slow delivery delays no request. Bounded: room for a message is reserved
/// before its code is written, so a full queue refuses the request (`overloaded`) with nothing
/// issued, instead of issuing a code that is never sent. At shutdown it drains for a bounded time,
/// audits every message it drops, and ends the deliveries still running.
package final class DeliveryQueue: Sendable {

    /// Messages reserved, waiting or being sent, at most.
    package let capacity: Int
    private let lane: Lane
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        /// Room reserved and not yet given back: reservations not yet used, messages waiting or
        /// being sent, and drops being audited.
        var held = 0
        var closed = false
        var dropped = 0
    }

    /// The audit detail of a message dropped at shutdown.
    static let droppedDetail = "dropped: the service shut down before it was sent"

    /// A queue of `capacity` messages sent by `threads` threads; delivery failures go to `logger`.
    package init(threads: Int = 2, capacity: Int = 1_024, logger: Logger) {
        self.capacity = max(1, capacity)
        // Every message in the lane holds room here, so the lane itself never refuses one as full.
        lane = Lane(name: "latchkey-send", threads: threads, queueDepth: self.capacity)
        self.logger = logger
    }

    /// Messages reserved, waiting or being sent now.
    package var held: Int { state.withLock { $0.held } }

    /// Reserves room for `count` messages, or refuses at once.
    package func reserve(_ count: Int) throws(DeliveryQueueError) -> DeliveryReservation {
        try state.withLock { state throws(DeliveryQueueError) in
            if state.closed { throw .shutDown }
            guard state.held + count <= capacity else { throw .full }
            state.held += count
        }
        return DeliveryReservation(queue: self, count: count)
    }

    /// Gives back room reserved and not used (or used by a message now delivered or dropped).
    func release(_ count: Int) {
        guard count > 0 else { return }
        state.withLock { $0.held -= count }
    }

    /// Sends `message` on the queue's threads, in room already reserved for it; every outcome is
    /// audited, a drop at shutdown too.
    func enqueue(_ message: OutgoingMessage, workers: LatchkeyWorkers) {
        let lane = lane
        let logger = logger
        // Detached: the request's task may be cancelled, and the delivery must still run.
        Task.detached { [self] in
            defer { release(1) }
            let failure: (any Error)?
            do {
                failure = try await lane.run { workers.deliverNow(message) }
            } catch {
                // Never started: the service shut down before its turn.
                workers.auditUndelivered(message, detail: Self.droppedDetail)
                state.withLock { $0.dropped += 1 }
                failure = error
            }
            if let failure {
                // The kind and the account, never the code: the requester was answered alike.
                logger.warning(
                    "delivery failed",
                    metadata: [
                        "kind": .string(message.kind.rawValue), "username": .string(message.username),
                        // Latchkey's own failures say what happened; an application's error only its
                        // type, as its text might quote the message.
                        "reason": .string(
                            (failure as? CommandDeliveryError)?.description
                                ?? (failure is LaneRefusalError
                                    ? Self.droppedDetail : String(describing: type(of: failure)))
                        ),
                    ])
            }
        }
    }

    /// Takes no more messages, waits up to `grace` for those queued to be sent, then drops the rest
    /// (each audited) and asks `delivery` to end the deliveries still running; answers how many
    /// messages were dropped.
    package func shutdown(grace: Duration, delivery: any MessageDelivery) async -> Int {
        state.withLock { $0.closed = true }
        await waitUntilEmpty(for: grace)
        if held > 0 {
            lane.shutdown()
            delivery.cancelRunning()
            // Room is given back once each message's outcome is audited: wait for those writes.
            await waitUntilEmpty(for: .seconds(10))
        }
        lane.shutdown()
        return state.withLock { $0.dropped }
    }

    private func waitUntilEmpty(for duration: Duration) async {
        let deadline = ContinuousClock.now + duration
        while held > 0 && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
