import JWTKit

/// The claims of the provider's access token (RFC 9068), decoded as its verifier decodes them: the
/// signature and algorithm checked by jwt-kit, the times left to the caller.
struct AccessTokenPayload: JWTPayload {
    var iss: String
    var sub: String
    var aud: String
    var exp: Int
    var iat: Int
    var nbf: Int?
    var jti: String
    var clientID: String
    var scope: String
    var sid: String
    var authTime: Int?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nbf, jti, scope, sid
        case clientID = "client_id"
        case authTime = "auth_time"
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
