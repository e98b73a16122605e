/// An account as sign-in needs it: the profile, the hash to verify, and whether it is disabled.
struct AccountCredentials: Sendable {
    let profile: UserProfile
    /// The hash a password is verified against: an imported one while it waits for its first
    /// sign-in, else the account's Argon2id.
    let passwordHash: String
    let isDisabled: Bool
    var passwordChangeRequired = false
    /// The scheme of an imported hash not yet replaced by Argon2id.
    var importedScheme: String? = nil
}
