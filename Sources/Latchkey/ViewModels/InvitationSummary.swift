public import Foundation

/// One invitation as an operator sees it (never its code): what the Invite presenter shows for
/// `latchkey admin invitations` and `invitations(token:all:)`.
public struct InvitationSummary: Codable, Sendable, Hashable {
    /// What became of an invitation.
    public enum State: String, Codable, Sendable, Hashable {
        /// It may still be used.
        case pending
        /// A registration used it.
        case used
        /// Its time ran out unused.
        case expired
        /// An operator revoked it unused: its code opens nothing.
        case revoked
    }

    /// The number `revokeInvitation` and `latchkey admin revoke-invitation` take.
    public let id: Int64
    public let state: State
    /// When it was issued.
    public let created: Date
    /// When its code stops (or stopped) working.
    public let expires: Date
    /// The one address allowed to register with it, if it names one.
    public let email: String?
    /// The roles the new account gets, sorted.
    public let roles: [String]
    /// Who issued it: the operating-system user, or the administrator's username.
    public let createdBy: String
    /// When a registration used it, if one did.
    public let used: Date?
    /// The username of the account it made, while that account exists.
    public let usedBy: String?
    /// When it was revoked, if it was.
    public let revoked: Date?

    enum CodingKeys: String, CodingKey {
        case id, state, created, expires, email, roles, createdBy = "created_by", used, usedBy = "used_by", revoked
    }

    /// Every key always present, `null` for what is absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(state, forKey: .state)
        try container.encode(created, forKey: .created)
        try container.encode(expires, forKey: .expires)
        try container.encode(email, forKey: .email)
        try container.encode(roles, forKey: .roles)
        try container.encode(createdBy, forKey: .createdBy)
        try container.encode(used, forKey: .used)
        try container.encode(usedBy, forKey: .usedBy)
        try container.encode(revoked, forKey: .revoked)
    }

    /// The invitation `record` describes, in `state`.
    init(_ record: InvitationRecord, state: State) {
        id = record.id
        self.state = state
        created = record.createdAt
        expires = record.expiresAt
        email = record.email
        roles = record.roles
        createdBy = record.createdBy
        used = record.usedAt
        usedBy = record.usedBy
        revoked = record.revokedAt
    }
}
