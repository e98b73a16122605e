public import Foundation

/// One personal access token (never the token itself): what the AccessTokens presenter shows for
/// `tokens list` and `accessTokens`, and the Admin presenter for an account's tokens.
public struct AccessTokenSummary: Codable, Sendable, Hashable {
    /// The short public id `revokeAccessToken` takes.
    public let id: String
    /// The name given at creation ("deploy from CI").
    public let name: String
    /// The roles it carries; it may use those its user still holds.
    public let roles: [String]
    /// When the token was made.
    public let created: Date
    /// nil: it never expires.
    public let expires: Date?
    /// When the token was last used (recorded at most once a minute), if ever.
    public let lastUsed: Date?
    /// Where it was last used from, when a server said, and with what.
    public let lastUsedAddress: String?
    /// The user agent of its last use, when a server gave one.
    public let lastUsedUserAgent: String?

    enum CodingKeys: String, CodingKey {
        case id, name, roles, created, expires, lastUsed = "last_used", lastUsedAddress = "last_used_address"
        case lastUsedUserAgent = "last_used_user_agent"
    }

    /// Every key always present, `null` for what is absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(roles, forKey: .roles)
        try container.encode(created, forKey: .created)
        try container.encode(expires, forKey: .expires)
        try container.encode(lastUsed, forKey: .lastUsed)
        try container.encode(lastUsedAddress, forKey: .lastUsedAddress)
        try container.encode(lastUsedUserAgent, forKey: .lastUsedUserAgent)
    }

    /// The token `info` describes.
    package init(_ info: AccessTokenInfo) {
        id = info.shortID
        name = info.name
        roles = info.roles
        created = info.createdAt
        expires = info.expiresAt
        lastUsed = info.lastUsedAt
        lastUsedAddress = info.lastUsedAddress
        lastUsedUserAgent = info.lastUsedAgent
    }
}
