/// A new personal access token: `token` is shown this once and stored nowhere in clear. What the
/// AccessTokens presenter shows for `tokens create` and `createAccessToken`.
public struct CreatedAccessToken: Codable, Sendable, Hashable {
    public let token: String
    public let summary: AccessTokenSummary

    enum CodingKeys: String, CodingKey {
        case token, summary = "access_token"
    }

    /// The token `token` (its text), described by `summary`.
    package init(token: String, summary: AccessTokenSummary) {
        self.token = token
        self.summary = summary
    }
}
