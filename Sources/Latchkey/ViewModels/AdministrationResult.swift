/// What an administrator's action did: what the Admin presenter shows for `latchkey admin …`
/// actions and `administer`.
public struct AdministrationResult: Codable, Sendable, Hashable {
    /// `disabled`, `enabled`, `unlocked`, `password_expired`, `deleted`, `password_set`, `roles`,
    /// `second_factor_reset`, `access_token_revoked`, `passkey_revoked`.
    public let outcome: String
    /// The account acted on.
    public let username: String
    /// Sessions the action ended (disable, set password).
    public let sessionsEnded: Int?
    /// Access tokens the action revoked (set password).
    public var accessTokensRevoked: Int? = nil
    /// The roles after the change (roles).
    public let roles: [String]?
    /// The name of the access token revoked (revoke a token).
    public var accessTokenName: String? = nil
    /// The name of the passkey removed (revoke a passkey).
    public var passkeyName: String? = nil

    enum CodingKeys: String, CodingKey {
        case outcome, username, sessionsEnded = "sessions_ended", accessTokensRevoked = "access_tokens_revoked", roles
        case accessTokenName = "access_token_name", passkeyName = "passkey_name"
    }

    /// Every key always present, `null` for what the action does not say.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(username, forKey: .username)
        try container.encode(sessionsEnded, forKey: .sessionsEnded)
        try container.encode(accessTokensRevoked, forKey: .accessTokensRevoked)
        try container.encode(roles, forKey: .roles)
        try container.encode(accessTokenName, forKey: .accessTokenName)
        try container.encode(passkeyName, forKey: .passkeyName)
    }
}
