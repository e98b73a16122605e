import Foundation

/// A sign-in attempt counted before its password is checked, so parallel guesses cannot all pass the
/// limit while their hashes run (no check-then-act).
struct ThrottleReservation: Sendable {
    /// The name's key, as the audit trail records it.
    let key: String
    /// Each row this attempt was counted in.
    let counts: [ThrottleCount]
}
