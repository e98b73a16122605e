/// A new personal access token: `token` is shown this once and stored nowhere in clear. What the
/// AccessTokens presenter shows for `tokens create` and `createAccessToken`.
public struct CreatedAccessToken: Codable, Sendable, Hashable {
    /// The token (`lkp_…`), shown this once: only its hash is kept.
    public let token: String
    /// What `accessTokens` will list for it.
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
