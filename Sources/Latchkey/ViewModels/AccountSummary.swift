public import Foundation

/// An account as an administrator sees it (`admin users`, `users`): email and phone masked by the
/// presenter, as everywhere.
public struct AccountSummary: Codable, Sendable, Hashable {
    /// The account's id, stable for the account's life.
    public let userID: Int64
    /// The account's name.
    public let username: String
    /// The name the user shows, when they gave one.
    public let displayName: String?
    /// Masked (`a•••@example.com`).
    public let email: String?
    /// Masked (`+7 ••• •••-••-33`).
    public let phone: String?
    /// When the account was created.
    public let created: Date
    /// The account's last sign-in, if any.
    public let lastSignIn: Date?
    /// True when every sign-in is refused.
    public let disabled: Bool
    /// Locked for every address (locally, or by failures from all addresses).
    public let locked: Bool
    /// True when the next sign-in leads only to changing the password.
    public let passwordChangeRequired: Bool
    /// The account's roles, sorted.
    public let roles: [String]
    /// True when sign-ins need a second factor.
    public let secondFactor: Bool
    /// Unused recovery codes (0 without a second factor).
    public let recoveryCodesLeft: Int
    /// The scheme of an imported hash its user has not yet signed in with (`bcrypt`, …), else nil.
    public let importedHash: String?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", username, displayName = "display_name", email, phone, created
        case lastSignIn = "last_sign_in", disabled, locked, passwordChangeRequired = "password_change_required"
        case roles, secondFactor = "second_factor", recoveryCodesLeft = "recovery_codes_left"
        case importedHash = "imported_hash"
    }

    /// Every key always present, `null` for what is absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID, forKey: .userID)
        try container.encode(username, forKey: .username)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(email, forKey: .email)
        try container.encode(phone, forKey: .phone)
        try container.encode(created, forKey: .created)
        try container.encode(lastSignIn, forKey: .lastSignIn)
        try container.encode(disabled, forKey: .disabled)
        try container.encode(locked, forKey: .locked)
        try container.encode(passwordChangeRequired, forKey: .passwordChangeRequired)
        try container.encode(roles, forKey: .roles)
        try container.encode(secondFactor, forKey: .secondFactor)
        try container.encode(recoveryCodesLeft, forKey: .recoveryCodesLeft)
        try container.encode(importedHash, forKey: .importedHash)
    }

    /// `account`, its email and phone masked.
    package init(_ account: Admin.Account) {
        let user = account.profile
        userID = user.id
        username = user.username
        displayName = user.displayName
        email = user.email.map(EmailMask.mask)
        phone = user.phone.map(PhoneMask.mask)
        created = user.createdAt
        lastSignIn = user.previousLoginAt
        disabled = account.isDisabled
        locked = account.isLocked
        passwordChangeRequired = account.passwordChangeRequired
        roles = user.roles
        secondFactor = user.secondFactorOn
        recoveryCodesLeft = user.recoveryCodesLeft
        importedHash = account.importedScheme
    }
}
