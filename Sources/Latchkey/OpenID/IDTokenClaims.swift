package import JWTKit

/// An ID token's claims (OpenID Connect Core 2): who signed in, when and how, for which client,
/// and the profile claims its scopes grant.
package struct IDTokenClaims: JWTPayload, Equatable {
    package var iss: String
    package var sub: String
    package var aud: String
    package var exp: Int
    package var iat: Int
    package var authTime: Int
    package var nonce: String?
    package var amr: [String]
    package var acr: String
    package var azp: String
    /// The grant's session, for logout.
    package var sid: String
    package var claims: ProfileClaims

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nonce, amr, acr, azp, sid
        case authTime = "auth_time"
    }

    package init(
        iss: String, sub: String, aud: String, exp: Int, iat: Int, authTime: Int, nonce: String?, amr: [String],
        acr: String, azp: String, sid: String, claims: ProfileClaims
    ) {
        self.iss = iss
        self.sub = sub
        self.aud = aud
        self.exp = exp
        self.iat = iat
        self.authTime = authTime
        self.nonce = nonce
        self.amr = amr
        self.acr = acr
        self.azp = azp
        self.sid = sid
        self.claims = claims
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        sub = try container.decode(String.self, forKey: .sub)
        aud = try container.decode(String.self, forKey: .aud)
        exp = try container.decode(Int.self, forKey: .exp)
        iat = try container.decode(Int.self, forKey: .iat)
        authTime = try container.decode(Int.self, forKey: .authTime)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
        amr = try container.decodeIfPresent([String].self, forKey: .amr) ?? []
        acr = try container.decodeIfPresent(String.self, forKey: .acr) ?? ""
        azp = try container.decodeIfPresent(String.self, forKey: .azp) ?? aud
        sid = try container.decodeIfPresent(String.self, forKey: .sid) ?? ""
        claims = try ProfileClaims(from: decoder)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iss, forKey: .iss)
        try container.encode(sub, forKey: .sub)
        try container.encode(aud, forKey: .aud)
        try container.encode(exp, forKey: .exp)
        try container.encode(iat, forKey: .iat)
        try container.encode(authTime, forKey: .authTime)
        try container.encodeIfPresent(nonce, forKey: .nonce)
        try container.encode(amr, forKey: .amr)
        try container.encode(acr, forKey: .acr)
        try container.encode(azp, forKey: .azp)
        try container.encode(sid, forKey: .sid)
        try claims.encode(to: encoder)
    }

    /// jwt-kit checks the signature and the algorithm; the times, issuer and audience are checked
    /// against Latchkey's clock by `TokenVerifier`, which every caller goes through.
    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}
