public import Foundation

/// Who holds a session token: what a server needs to act for them.
public struct Principal: Codable, Sendable, Hashable {
    /// What the caller presented.
    public enum Credential: String, Codable, Sendable, Hashable {
        /// A session token (`lk_…`), from a sign-in.
        case session
        /// A personal access token (`lkp_…`): `roles` are the ones it carries that the user holds.
        case accessToken = "access_token"
    }

    /// The account's id, stable for the account's life.
    public let userID: Int64
    public let username: String
    /// The roles this credential may use, sorted: the account's for a session, the token's
    /// effective roles for an access token.
    public let roles: [String]
    /// The session's short public id (as `latchkey sessions` shows it), when the answer came from a session.
    public let session: String?
    /// When the session ends at the latest, when known.
    public let sessionExpires: Date?
    /// How the caller signed in.
    public let credential: Credential
    /// The access token's short public id (as `latchkey tokens list` shows it), for an access token.
    public let accessToken: String?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", username, roles, session, sessionExpires = "session_expires", credential
        case accessToken = "access_token"
    }

    /// Every key always present, `null` for what is absent (as the CLI's JSON).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID, forKey: .userID)
        try container.encode(username, forKey: .username)
        try container.encode(roles, forKey: .roles)
        try container.encode(session, forKey: .session)
        try container.encode(sessionExpires, forKey: .sessionExpires)
        try container.encode(credential, forKey: .credential)
        try container.encode(accessToken, forKey: .accessToken)
    }

    init(_ user: UserProfile, session: SessionInfo?) {
        userID = user.id
        username = user.username
        roles = user.roles
        self.session = session?.shortID
        sessionExpires = session?.expiresAt
        credential = .session
        accessToken = nil
    }

    init(_ user: UserProfile, accessToken: AccessTokenInfo?) {
        userID = user.id
        username = user.username
        roles = user.roles
        session = nil
        sessionExpires = nil
        credential = .accessToken
        self.accessToken = accessToken?.shortID
    }
}

/// The outcome of a sign-in step that did not fail.
public struct SignInResult: Codable, Sendable, Hashable {
    /// How far the sign-in got.
    public enum Status: String, Codable, Sendable, Hashable {
        /// Signed in: `token` and `principal` are set.
        case signedIn = "signed_in"
        /// Signed in, but the session serves only a password change: `token` and `principal` are set.
        case passwordChangeRequired = "password_change_required"
        /// The password was right; send `challenge` back with a code to `completeSignIn`.
        case secondFactorRequired = "second_factor_required"
    }

    public let status: Status
    /// The new session's token, shown this once: the caller keeps it (a cookie, a client's storage).
    public let token: String?
    public let principal: Principal?
    /// The opaque second-factor challenge (`lc_…`), valid for minutes.
    public let challenge: String?
}

/// One live session of the signed-in user, for a "where you're signed in" page.
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

    init(_ item: Sessions.Item) {
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

/// One event of the signed-in user's audit trail, newest first.
public struct HistoryEntry: Codable, Sendable, Hashable {
    public let time: Date
    /// The stable kind (`login_succeeded`, `password_changed`, …).
    public let kind: String
    /// Why, for failures (`bad_credentials`, `throttled`, `disabled`).
    public let reason: String?
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
        case time, kind, reason, byAdministrator = "by_administrator", address, userAgent = "user_agent", count
    }

    /// Every key always present, `null` for what is absent (as the CLI's JSON).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(kind, forKey: .kind)
        try container.encode(reason, forKey: .reason)
        try container.encode(byAdministrator, forKey: .byAdministrator)
        try container.encode(address, forKey: .address)
        try container.encode(userAgent, forKey: .userAgent)
        try container.encode(count, forKey: .count)
    }

    init(_ event: AuthEvent) {
        time = event.occurredAt
        kind = event.kind.rawValue
        reason = event.reason?.rawValue
        byAdministrator = event.actor != nil
        address = event.address
        userAgent = event.userAgent
        count = event.occurrences
    }
}

/// What a second-factor action produced.
public struct SecondFactorResult: Codable, Sendable, Hashable {
    public enum Status: String, Codable, Sendable, Hashable {
        /// Enrolled, not yet on: show `uri` (as a QR code) and `secret`, then confirm with a code.
        case pending
        /// On: `recoveryCodes` are shown this once.
        case enabled
        case disabled
        /// New recovery codes replaced the old ones: shown this once.
        case recoveryCodesReplaced = "recovery_codes_replaced"
    }

    public let status: Status
    /// The `otpauth://` URI for the authenticator app.
    public let uri: String?
    /// The secret in base32, for typing by hand.
    public let secret: String?
    public let recoveryCodes: [String]?

    enum CodingKeys: String, CodingKey {
        case status, uri, secret, recoveryCodes = "recovery_codes"
    }
}
