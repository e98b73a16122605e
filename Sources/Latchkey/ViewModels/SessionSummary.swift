public import Foundation

/// One live session of the signed-in user, for a "where you're signed in" page: what the Sessions
/// presenter shows.
public struct SessionSummary: Codable, Sendable, Hashable {
    /// The short public id `revokeSession` takes.
    public let id: String
    /// The name given at sign-in ("work laptop"), if any.
    public let label: String?
    /// When the session was opened.
    public let created: Date
    /// When the session was last used (recorded at most once a minute).
    public let lastUsed: Date
    /// When it ends unless used again: the same date as `expiresIfUnused` (kept under this key
    /// for the clients that read it).
    public let expires: Date
    /// When it ends unless used again: its idle timeout after its last recorded use, never later
    /// than `expiresAtLatest`. Each use moves it.
    public let expiresIfUnused: Date
    /// Its absolute end: it ends then however often it is used.
    public let expiresAtLatest: Date
    /// True for the session the request came with.
    public let current: Bool
    /// The address it was opened from, when a server gave one.
    public let address: String?
    /// The user agent it was opened with, or the local program and terminal.
    public let userAgent: String?
    /// The OpenID Connect client (its name) the session is a sign-in to, for a client's sign-in
    /// through Latchkey; nil for a session signed in directly.
    public let client: String?

    enum CodingKeys: String, CodingKey {
        case id, label, created, lastUsed = "last_used", expires, expiresIfUnused = "expires_if_unused"
        case expiresAtLatest = "expires_at_latest", current, address, userAgent = "user_agent", client
    }

    /// Every key always present, `null` for what is absent (as the CLI's JSON).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(label, forKey: .label)
        try container.encode(created, forKey: .created)
        try container.encode(lastUsed, forKey: .lastUsed)
        try container.encode(expires, forKey: .expires)
        try container.encode(expiresIfUnused, forKey: .expiresIfUnused)
        try container.encode(expiresAtLatest, forKey: .expiresAtLatest)
        try container.encode(current, forKey: .current)
        try container.encode(address, forKey: .address)
        try container.encode(userAgent, forKey: .userAgent)
        try container.encode(client, forKey: .client)
    }

    /// `item` as the Sessions presenter shows it.
    package init(_ item: Sessions.Item) {
        id = item.session.shortID
        label = item.session.label
        created = item.session.createdAt
        lastUsed = item.session.lastUsedAt
        expires = item.session.expiresIfUnused
        expiresIfUnused = item.session.expiresIfUnused
        expiresAtLatest = item.session.expiresAt
        current = item.isCurrent
        address = item.session.address
        userAgent = item.session.userAgent
        client = item.session.oidcClient
    }
}
