public import Foundation

/// What Latchkey knows of a user, without secrets.
public struct UserProfile: Sendable, Hashable {
    public let id: Int64
    public let username: String
    public let email: String?
    public let phone: PhoneNumber?
    public let displayName: String?
    public let createdAt: Date
    /// The sign-in before the current one, so a user can notice one that was not theirs.
    public let previousLoginAt: Date?
}

/// A session as its owner may see it (never its token or hash).
public struct SessionInfo: Sendable, Hashable {
    public let id: Int64
    public let createdAt: Date
    public let expiresAt: Date
    public let lastUsedAt: Date
}
