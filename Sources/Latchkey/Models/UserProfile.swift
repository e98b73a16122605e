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
    public var previousLoginAt: Date?
    /// The user's roles, sorted (filled where a scene shows them).
    public var roles: [String] = []
    /// True when a confirmed second factor guards sign-in (filled where a scene shows it).
    public var secondFactorOn = false
    /// Unused recovery codes left.
    public var recoveryCodesLeft = 0
    /// True when the user proved the email address is theirs (with a code sent to it).
    public var emailVerified = false
}

/// A session as its owner may see it (never its token or hash).
public struct SessionInfo: Sendable, Hashable {
    public let id: Int64
    public let createdAt: Date
    /// The absolute end: the session ends then however often it is used.
    public let expiresAt: Date
    /// The last use recorded (uses within the policy's granularity of the last one are not written).
    public let lastUsedAt: Date
    /// The policy's idle timeout it was read under: unused this long, it ends (see `expiresIfUnused`).
    public let idleTimeout: Duration
    /// The label given at sign-in ("work laptop").
    public var label: String? = nil
    /// A short public name for the session: the first 8 hex digits of its token's SHA-256.
    public var shortID: String = ""
    /// The address it was opened from, when a server gave one.
    public var address: String? = nil
    /// The user agent it was opened with, or the local program and terminal.
    public var userAgent: String? = nil
}
