import Foundation

/// One throttle row an attempt was counted in: the count it brought the row to, in which window.
struct ThrottleCount: Sendable {
    let rowKey: String
    let rule: ThrottleRule
    let failures: Int64
    let windowStart: Int64
}
