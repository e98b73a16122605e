/// What revoking an invitation did: its code opens nothing from now on.
public struct RevokedInvitation: Codable, Sendable, Hashable {
    /// Always true: a refusal is an error instead.
    public let revoked: Bool
    /// The invitation's number.
    public let id: Int64
}
