import Foundation
import Logging
import Synchronization

/// Room reserved in the delivery queue for the messages of one request; room not used by `send`
/// is given back when the reservation goes, however the request ended. Without a queue (a scene
/// used directly), `send` delivers at once.
package final class DeliveryReservation: Sendable {
    private let queue: DeliveryQueue?
    private let remaining: Mutex<Int>

    init(queue: DeliveryQueue?, count: Int) {
        self.queue = queue
        remaining = Mutex(count)
    }

    deinit { queue?.release(remaining.withLock { $0 }) }

    /// Sends `message` in reserved room (or at once, without a queue); audited either way.
    func send(_ message: OutgoingMessage, with workers: LatchkeyWorkers) {
        guard let queue else {
            workers.deliverNow(message)
            return
        }
        let reserved = remaining.withLock { count in
            guard count > 0 else { return false }
            count -= 1
            return true
        }
        if reserved {
            queue.enqueue(message, workers: workers)
        } else {
            // A scene sent more than it reserved: a bug; the message still goes, unbounded.
            assertionFailure("a message was sent without reserved room")
            workers.deliverNow(message)
        }
    }
}
