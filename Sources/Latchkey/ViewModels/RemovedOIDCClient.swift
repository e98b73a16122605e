/// What removing an OpenID Connect client did: its client ID and secret open nothing from now on.
public struct RemovedOIDCClient: Codable, Sendable, Hashable {
    /// Always true: a refusal is an error instead.
    public let removed: Bool
    /// The client ID it had (`lkc_…`).
    public let clientID: String
    /// The name it had.
    public let name: String

    enum CodingKeys: String, CodingKey {
        case removed, clientID = "client_id", name
    }
}
