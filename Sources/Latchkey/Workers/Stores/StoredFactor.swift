import Foundation

/// A user's TOTP factor as stored: the sealed secret, whether a first code confirmed it, and the
/// last time step accepted.
struct StoredFactor: Sendable {
    let sealedSecret: [UInt8]
    let isEnabled: Bool
    let lastStep: Int64?
}
