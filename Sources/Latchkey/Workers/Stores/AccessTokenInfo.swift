package import Foundation

/// One personal access token as its owner sees it (never the token itself).
package struct AccessTokenInfo: Sendable, Hashable {
    /// The row's id.
    package let id: Int64
    /// The short public name: 8 hex digits of the token's SHA-256 (as for sessions).
    package let shortID: String
    package let name: String
    /// The roles it carries, sorted; it may use those the user still holds.
    package let roles: [String]
    package let createdAt: Date
    /// nil: it never expires.
    package let expiresAt: Date?
    package let lastUsedAt: Date?
    /// Where it was last used from, when a server said.
    package let lastUsedAddress: String?
    package let lastUsedAgent: String?
}
