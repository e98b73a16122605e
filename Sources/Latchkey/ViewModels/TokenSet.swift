/// The token endpoint's answer (RFC 6749 5.1, OpenID Connect Core 3.1.3.3): a signed access token
/// and ID token, and the rotated refresh token.
public struct TokenSet: Sendable, Hashable, Encodable {
    public let accessToken: String
    public let tokenType = "Bearer"
    /// Seconds the access token is good for.
    public let expiresIn: Int
    public let idToken: String
    /// The next refresh token: the one presented (if any) is used up.
    public let refreshToken: String
    public let scope: String

    enum CodingKeys: String, CodingKey {
        case scope
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case idToken = "id_token"
        case refreshToken = "refresh_token"
    }
}
