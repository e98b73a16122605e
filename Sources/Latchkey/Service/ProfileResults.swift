public import Foundation

/// What a user may see of their own account: the profile `PATCH /v1/me` and whoami show.
public struct AccountProfile: Codable, Sendable, Hashable {
    public let username: String
    public let displayName: String?
    public let email: String?
    /// True when the address was proved with a code sent to it.
    public let emailVerified: Bool
    /// The address waiting for its verification code (after a change), if any.
    public let pendingEmail: String?
    /// The phone, masked (`+7 (•••) •••-••-33`).
    public let phone: String?
    public let memberSince: Date
    public let roles: [String]
    public let secondFactor: Bool

    enum CodingKeys: String, CodingKey {
        case username, displayName = "display_name", email, emailVerified = "email_verified"
        case pendingEmail = "pending_email", phone, memberSince = "member_since", roles
        case secondFactor = "second_factor"
    }

    /// Every key always present, `null` for what is absent (as the CLI's JSON).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(username, forKey: .username)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(email, forKey: .email)
        try container.encode(emailVerified, forKey: .emailVerified)
        try container.encode(pendingEmail, forKey: .pendingEmail)
        try container.encode(phone, forKey: .phone)
        try container.encode(memberSince, forKey: .memberSince)
        try container.encode(roles, forKey: .roles)
        try container.encode(secondFactor, forKey: .secondFactor)
    }

    init(_ user: UserProfile, pendingEmail: String? = nil) {
        username = user.username
        displayName = user.displayName
        email = user.email
        emailVerified = user.emailVerified
        self.pendingEmail = pendingEmail
        phone = user.phone.map(PhoneMask.mask)
        memberSince = user.createdAt
        roles = user.roles
        secondFactor = user.secondFactorOn
    }
}
