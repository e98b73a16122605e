public import Foundation

/// One live session of the signed-in user, for a "where you're signed in" page: what the Sessions
/// presenter shows.
public struct SessionSummary: Codable, Sendable, Hashable {
    /// The short public id `revokeSession` takes.
    public let id: String
    public let label: String?
    public let created: Date
    public let lastUsed: Date
    /// When it ends unless used again.
    public let expires: Date
    /// True for the session the request came with.
    public let current: Bool
    /// The address it was opened from, when a server gave one.
    public let address: String?
    /// The user agent it was opened with, or the local program and terminal.
    public let userAgent: String?

    enum CodingKeys: String, CodingKey {
        case id, label, created, lastUsed = "last_used", expires, current, address, userAgent = "user_agent"
    }

    /// Every key always present, `null` for what is absent (as the CLI's JSON).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(label, forKey: .label)
        try container.encode(created, forKey: .created)
        try container.encode(lastUsed, forKey: .lastUsed)
        try container.encode(expires, forKey: .expires)
        try container.encode(current, forKey: .current)
        try container.encode(address, forKey: .address)
        try container.encode(userAgent, forKey: .userAgent)
    }

    /// `item` as the Sessions presenter shows it.
    package init(_ item: Sessions.Item) {
        id = item.session.shortID
        label = item.session.label
        created = item.session.createdAt
        lastUsed = item.session.lastUsedAt
        expires = item.endsAt
        current = item.isCurrent
        address = item.session.address
        userAgent = item.session.userAgent
    }
}
