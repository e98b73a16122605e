import Foundation
import Testing

@testable import Latchkey

/// The refusal log's limiter: one line per key a window, counting the ones held back, and bounded.
@Suite struct RefusalLogLimiterTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("one line per key a window, and the next says how many were held back")
    func oneLinePerKeyAWindow() {
        let limiter = RefusalLogLimiter(window: .seconds(60))
        #expect(limiter.admit([1], now: start) == 0)
        #expect((0..<999).allSatisfy { _ in limiter.admit([1], now: start.addingTimeInterval(59)) == nil })
        #expect(limiter.admit([2], now: start) == 0)
        #expect(limiter.admit([1], now: start.addingTimeInterval(60)) == 999)
        #expect(limiter.admit([1], now: start.addingTimeInterval(61)) == nil)
    }

    @Test("once the table is full, new keys share one line a window; expired keys make room")
    func aFullTableSharesOneLine() {
        let limiter = RefusalLogLimiter(window: .seconds(60), capacity: 2)
        #expect(limiter.admit([1], now: start) == 0)
        #expect(limiter.admit([2], now: start) == 0)
        #expect(limiter.admit([3], now: start) == 0)
        #expect(limiter.admit([4], now: start) == nil)
        #expect(limiter.admit([5], now: start) == nil)
        // A minute on, the old windows are gone and a new key has its own line again.
        #expect(limiter.admit([6], now: start.addingTimeInterval(60)) == 0)
        #expect(limiter.admit([6], now: start.addingTimeInterval(61)) == nil)
    }
}
