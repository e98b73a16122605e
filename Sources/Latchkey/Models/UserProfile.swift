package import Foundation

/// What Latchkey knows of a user, without secrets.
package struct UserProfile: Sendable, Hashable {
    package let id: Int64
    package let username: String
    package let email: String?
    package let phone: PhoneNumber?
    package let displayName: String?
    package let createdAt: Date
    /// The sign-in before the current one, so a user can notice one that was not theirs.
    package var previousLoginAt: Date?
    /// The user's roles, sorted (filled where a scene shows them).
    package var roles: [String] = []
    /// True when a confirmed second factor guards sign-in (filled where a scene shows it).
    package var secondFactorOn = false
    /// Unused recovery codes left.
    package var recoveryCodesLeft = 0
    /// True when the user proved the email address is theirs (with a code sent to it).
    package var emailVerified = false
}
