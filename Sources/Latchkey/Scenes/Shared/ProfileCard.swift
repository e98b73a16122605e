import Foundation

/// A user's profile ready to show: every value already formatted, the phone masked.
public struct ProfileCard: Sendable, Hashable {
    public let username: String
    public let displayName: String?
    public let email: String?
    /// True when the email address was proved with a code.
    public let emailVerified: Bool
    /// The masked phone (`+7 (•••) •••-••-33`), or nil when the user gave none.
    public let maskedPhone: String?
    /// `YYYY-MM-DD HH:MM UTC`.
    public let memberSince: String
    /// The sign-in before this one, or nil for a first sign-in.
    public let lastSignIn: String?
    /// When the current session ends, or nil outside a session.
    public let sessionExpires: String?
    /// The user's roles, sorted.
    public let roles: [String]
    /// "on, 8 recovery codes left" or "off".
    public let secondFactor: String
    public let secondFactorOn: Bool
    public let recoveryCodesLeft: Int
    /// The same times in ISO 8601, for machine-readable output.
    public let memberSinceISO8601: String
    public let lastSignInISO8601: String?
    public let sessionExpiresISO8601: String?

    /// Formats `user` (and `session`, when there is one) for display.
    init(_ user: UserProfile, session: SessionInfo?) {
        username = user.username
        displayName = user.displayName
        email = user.email
        emailVerified = user.emailVerified
        maskedPhone = user.phone.map(PhoneMask.mask)
        memberSince = DateText.format(user.createdAt)
        lastSignIn = user.previousLoginAt.map(DateText.format)
        sessionExpires = session.map { DateText.format($0.expiresAt) }
        roles = user.roles
        secondFactorOn = user.secondFactorOn
        recoveryCodesLeft = user.recoveryCodesLeft
        secondFactor =
            user.secondFactorOn
            ? "on, \(user.recoveryCodesLeft) recovery code\(user.recoveryCodesLeft == 1 ? "" : "s") left" : "off"
        memberSinceISO8601 = DateText.iso8601(user.createdAt)
        lastSignInISO8601 = user.previousLoginAt.map(DateText.iso8601)
        sessionExpiresISO8601 = session.map { DateText.iso8601($0.expiresAt) }
    }
}
