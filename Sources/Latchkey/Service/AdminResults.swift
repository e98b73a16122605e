public import Foundation

/// An account as an administrator sees it: email and phone masked by the presenter, as everywhere.
public struct AccountSummary: Codable, Sendable, Hashable {
    public let userID: Int64
    public let username: String
    public let displayName: String?
    /// Masked (`a•••@example.com`).
    public let email: String?
    /// Masked (`+7 ••• •••-••-33`).
    public let phone: String?
    public let created: Date
    public let lastSignIn: Date?
    public let disabled: Bool
    /// Locked for every address (locally, or by failures from all addresses).
    public let locked: Bool
    public let passwordChangeRequired: Bool
    public let roles: [String]
    public let secondFactor: Bool
    public let recoveryCodesLeft: Int
    /// The scheme of an imported hash its user has not yet signed in with (`bcrypt`, …), else nil.
    public let importedHash: String?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", username, displayName = "display_name", email, phone, created
        case lastSignIn = "last_sign_in", disabled, locked, passwordChangeRequired = "password_change_required"
        case roles, secondFactor = "second_factor", recoveryCodesLeft = "recovery_codes_left"
        case importedHash = "imported_hash"
    }

    init(_ account: Admin.Account) {
        let row = AdminPresenter.row(account)
        userID = account.profile.id
        username = row.username
        displayName = row.displayName
        email = row.maskedEmail
        phone = row.maskedPhone
        created = account.profile.createdAt
        lastSignIn = account.profile.previousLoginAt
        disabled = row.isDisabled
        locked = row.isLocked
        passwordChangeRequired = row.passwordChangeRequired
        roles = row.roles
        secondFactor = row.secondFactorOn
        recoveryCodesLeft = row.recoveryCodesLeft
        importedHash = row.importedScheme
    }
}

/// One account with its live sessions and latest events, for an administrator's account page.
public struct AccountDetail: Codable, Sendable, Hashable {
    public let account: AccountSummary
    /// Live sessions, newest first (`current` is always false: none is the caller's).
    public let sessions: [SessionSummary]
    /// The latest events, newest first.
    public let events: [HistoryEntry]
    /// Personal access tokens that still work, newest first.
    public let accessTokens: [AccessTokenSummary]

    enum CodingKeys: String, CodingKey {
        case account, sessions, events, accessTokens = "access_tokens"
    }
}

/// What an administrator's action did.
public struct AdministrationResult: Codable, Sendable, Hashable {
    /// `disabled`, `enabled`, `unlocked`, `password_expired`, `deleted`, `password_set`, `roles`,
    /// `second_factor_reset`, `access_token_revoked`.
    public let outcome: String
    public let username: String
    /// Sessions the action ended (disable, set password).
    public let sessionsEnded: Int?
    /// Access tokens the action revoked (set password).
    public var accessTokensRevoked: Int? = nil
    /// The roles after the change (roles).
    public let roles: [String]?

    enum CodingKeys: String, CodingKey {
        case outcome, username, sessionsEnded = "sessions_ended", accessTokensRevoked = "access_tokens_revoked", roles
    }
}
