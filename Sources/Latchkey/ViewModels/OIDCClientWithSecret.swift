/// A client just added, or given a new secret: `clientSecret` is shown this once and stored nowhere
/// in clear (nil for a public client, which has none).
public struct OIDCClientWithSecret: Codable, Sendable, Hashable {
    /// The client, as `oidcClients` lists it.
    public let client: OIDCClientSummary
    /// The secret (`lks_…`), shown this once: only its hash is kept.
    public let clientSecret: String?

    enum CodingKeys: String, CodingKey {
        case client, clientSecret = "client_secret"
    }

    /// Both keys always present, `null` for a public client's secret.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(client, forKey: .client)
        try container.encode(clientSecret, forKey: .clientSecret)
    }

    /// `client`, with its secret's text.
    init(client: OIDCClientSummary, clientSecret: String?) {
        self.client = client
        self.clientSecret = clientSecret
    }
}
