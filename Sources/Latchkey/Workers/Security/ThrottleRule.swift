import Foundation

/// How one kind of row counts: the failures that lock it, in what window, for how long, and whether
/// a complete success ends the run (a name's) or only takes its own attempt back (an address's, so
/// one account's successes cannot launder a spray across other names).
struct ThrottleRule: Sendable {
    let limit: Int
    let window: Int64
    let lock: Int64
    let endsOnSuccess: Bool
}
