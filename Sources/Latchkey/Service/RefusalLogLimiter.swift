import Foundation
import Synchronization

/// Lets one log line a window through per key (an access token's hash) and counts the ones it
/// holds back, so a flood of a refused token logs one line a minute, not one per use. Bounded: once
/// `capacity` keys are live in their window, new keys share one line a window.
final class RefusalLogLimiter: Sendable {
    private struct Window {
        var opened: Date
        var heldBack: Int
    }

    /// The shared key of keys that found the table full.
    private static let overflow: [UInt8] = []
    private let windows = Mutex<[[UInt8]: Window]>([:])
    private let window: TimeInterval
    private let capacity: Int

    init(window: Duration, capacity: Int = 4_096) {
        self.window = TimeInterval(window.wholeSeconds)
        self.capacity = capacity
    }

    /// nil: hold this line back. Otherwise the line is due, and the number is how many lines of
    /// its key were held back since the last one let through.
    func admit(_ key: [UInt8], now: Date) -> Int? {
        windows.withLock { table in
            var slot = key
            if table[key] == nil, table.count >= capacity {
                table = table.filter { now.timeIntervalSince($0.value.opened) < window }
                if table.count >= capacity { slot = Self.overflow }
            }
            guard var open = table[slot] else {
                table[slot] = Window(opened: now, heldBack: 0)
                return 0
            }
            guard now.timeIntervalSince(open.opened) >= window else {
                open.heldBack += 1
                table[slot] = open
                return nil
            }
            table[slot] = Window(opened: now, heldBack: 0)
            return open.heldBack
        }
    }
}
