internal import CLibPQ
import Foundation

/// Waits for a socket with poll(2), up to a deadline.
enum SocketWait {
    /// True when `socket` is ready (to read, or to write), false when the deadline passed first.
    static func until(_ socket: Int32, readable: Bool, deadline: ContinuousClock.Instant) -> Bool {
        guard socket >= 0 else { return true }
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            var descriptor = pollfd(fd: socket, events: Int16(readable ? POLLIN : POLLOUT), revents: 0)
            let answer = poll(&descriptor, 1, Int32(clamping: max(1, left.milliseconds)))
            if answer > 0 { return true }
            if answer < 0 && errno != EINTR { return true }
        }
    }
}
