import Foundation

/// An invitation as stored: never its code, only what decides whether it may still be used.
struct StoredInvitation: Sendable, Hashable {
    let id: Int64
    /// The key of the one address allowed to register with it, if it names one.
    let emailKey: String?
    let expiresAt: Date
    let usedAt: Date?
}
