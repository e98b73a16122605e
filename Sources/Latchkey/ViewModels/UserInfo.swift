/// The userinfo endpoint's answer (OpenID Connect Core 5.3): the subject and the claims the access
/// token's scopes grant.
public struct UserInfo: Sendable, Hashable, Encodable {
    public let sub: String
    public let preferredUsername: String?
    public let name: String?
    public let email: String?
    public let emailVerified: Bool?
    public let roles: [String]?

    init(sub: String, claims: ProfileClaims) {
        self.sub = sub
        preferredUsername = claims.preferredUsername
        name = claims.name
        email = claims.email
        emailVerified = claims.emailVerified
        roles = claims.roles
    }

    enum CodingKeys: String, CodingKey {
        case sub, name, email, roles
        case preferredUsername = "preferred_username"
        case emailVerified = "email_verified"
    }
}
