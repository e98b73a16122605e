public import Foundation

/// One event of the signed-in user's audit trail, newest first: what the History presenter shows.
public struct HistoryEntry: Codable, Sendable, Hashable {
    /// When it happened.
    public let time: Date
    /// The stable kind (`login_succeeded`, `password_changed`, …).
    public let kind: String
    /// Why, for failures (`bad_credentials`, `throttled`, `disabled`).
    public let reason: String?
    /// The event in words ("Sign-in failed: wrong password from 192.0.2.1"), with how many times,
    /// where from and which administrator; stored names are escaped for a terminal.
    public let description: String
    /// True when an operator did it, not the user.
    public let byAdministrator: Bool
    /// The client's address, when a server gave one.
    public let address: String?
    /// The client's user agent, or the local program and terminal.
    public let userAgent: String?
    /// How many times it happened (refusals of one access token within a minute), or how many
    /// tokens one revocation ended; 1 for most events.
    public let count: Int

    enum CodingKeys: String, CodingKey {
        case time, kind, reason, description, byAdministrator = "by_administrator", address
        case userAgent = "user_agent", count
    }

    /// Every key always present, `null` for what is absent (as the CLI's JSON).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(kind, forKey: .kind)
        try container.encode(reason, forKey: .reason)
        try container.encode(description, forKey: .description)
        try container.encode(byAdministrator, forKey: .byAdministrator)
        try container.encode(address, forKey: .address)
        try container.encode(userAgent, forKey: .userAgent)
        try container.encode(count, forKey: .count)
    }

    /// `event` as the History presenter words it.
    package init(_ event: AuthEvent) {
        time = event.occurredAt
        kind = event.kind.rawValue
        reason = event.reason?.rawValue
        description = HistoryPresenter.description(of: event)
        byAdministrator = event.actor != nil
        address = event.address
        userAgent = event.userAgent
        count = event.occurrences
    }
}
