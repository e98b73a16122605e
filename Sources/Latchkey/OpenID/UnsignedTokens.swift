/// What the token endpoint decided to issue, before signing: the ID token's and the access token's
/// claims, the keys to sign them with, and the new refresh token.
package struct UnsignedTokens: Sendable {
    package let idToken: IDTokenClaims
    package let accessToken: AccessTokenClaims
    /// RS256, OpenID Connect's default that every relying party accepts.
    package let idKey: SigningKeyMaterial
    package let idKeyID: String
    /// ES256: smaller and faster to sign; only Latchkey reads access tokens.
    package let accessKey: SigningKeyMaterial
    package let accessKeyID: String
    package let refreshToken: ProviderSecret

    /// Both tokens signed (async: jwt-kit's key collection is an actor).
    package func signed() async throws -> TokenSet {
        TokenSet(
            accessToken: try await TokenSigner.sign(accessToken, with: accessKey, kid: accessKeyID, type: "at+jwt"),
            expiresIn: accessToken.exp - accessToken.iat,
            idToken: try await TokenSigner.sign(idToken, with: idKey, kid: idKeyID),
            refreshToken: refreshToken.secret, scope: accessToken.scope)
    }
}
