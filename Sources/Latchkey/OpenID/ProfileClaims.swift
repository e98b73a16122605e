/// The claims about the user that scopes grant (OpenID Connect Core 5.1, 5.4): `profile` gives the
/// username and display name, `email` the address and whether it was verified, `roles` the roles.
/// A claim the user has no value for is left out.
package struct ProfileClaims: Codable, Sendable, Equatable {
    package var preferredUsername: String?
    package var name: String?
    package var email: String?
    package var emailVerified: Bool?
    package var roles: [String]?

    enum CodingKeys: String, CodingKey {
        case name, email, roles
        case preferredUsername = "preferred_username"
        case emailVerified = "email_verified"
    }

    /// The claims of `user` that `scopes` grant.
    init(_ user: UserProfile, scopes: [OIDCScope]) {
        if scopes.contains(.profile) {
            preferredUsername = user.username
            name = user.displayName
        }
        if scopes.contains(.email), let email = user.email {
            self.email = email
            emailVerified = user.emailVerified
        }
        if scopes.contains(.roles) { roles = user.roles }
    }

    init() {}
}
