package import JWTKit

/// An access token's claims, in the JWT profile of RFC 9068: the user, the client, the scopes, and
/// the grant's session (`sid`), which must still be live for the token to be accepted.
package struct AccessTokenClaims: JWTPayload, Equatable {
    package var iss: String
    package var sub: String
    /// The client the token was issued to (RFC 9068 names the resource; the userinfo endpoint is
    /// the only resource here, so the client's ID stands in).
    package var aud: String
    package var exp: Int
    package var iat: Int
    package var nbf: Int?
    package var jti: String
    package var clientID: String
    package var scope: String
    package var sid: String
    package var authTime: Int?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nbf, jti, scope, sid
        case clientID = "client_id"
        case authTime = "auth_time"
    }

    /// jwt-kit checks the signature and the algorithm; the times, issuer and `typ` are checked
    /// against Latchkey's clock by `TokenVerifier`, which every caller goes through.
    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}
