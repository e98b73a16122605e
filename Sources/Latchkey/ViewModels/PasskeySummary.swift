public import Foundation

/// One of the signed-in user's passkeys, for an account page or `latchkey passkeys list`.
public struct PasskeySummary: Codable, Sendable, Hashable {
    /// The short public id that renaming and removing take.
    public let id: String
    /// The name the user gave it.
    public let name: String
    public let created: Date
    /// When it last signed in, if ever.
    public let lastUsed: Date?
    /// Whether the authenticator says the credential is backed up (synced), and may be.
    public let backedUp: Bool
    public let backupEligible: Bool
    /// How the authenticator was reached when it was registered.
    public let transports: [String]
    /// When a sign-in presented a signature counter lower than the last one (a possible copy of
    /// the authenticator), if ever.
    public let counterWentBackwards: Date?

    enum CodingKeys: String, CodingKey {
        case id, name, created, lastUsed = "last_used", backedUp = "backed_up", backupEligible = "backup_eligible"
        case transports, counterWentBackwards = "counter_went_backwards"
    }

    /// Every key always present, `null` for what is absent (as the CLI's JSON).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(created, forKey: .created)
        try container.encode(lastUsed, forKey: .lastUsed)
        try container.encode(backedUp, forKey: .backedUp)
        try container.encode(backupEligible, forKey: .backupEligible)
        try container.encode(transports, forKey: .transports)
        try container.encode(counterWentBackwards, forKey: .counterWentBackwards)
    }

    init(_ passkey: StoredPasskey) {
        id = passkey.shortID
        name = passkey.name
        created = passkey.createdAt
        lastUsed = passkey.lastUsedAt
        backedUp = passkey.backedUp
        backupEligible = passkey.backupEligible
        transports = passkey.transports
        counterWentBackwards = passkey.counterRegressedAt
    }
}
