import Foundation

/// A sign-in waiting for its code.
struct PendingChallenge: Sendable {
    let userID: Int64
    let verifiedHash: String
    let label: String?
    let expiresAt: Date
}
