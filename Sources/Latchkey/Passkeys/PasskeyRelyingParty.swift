/// What a ceremony is checked against: the relying party ID the credentials are scoped to, the
/// origins its pages are served from, and whether the user must be verified.
package struct PasskeyRelyingParty: Sendable {
    /// The RP ID, a registrable domain such as "example.com".
    package let id: String
    /// The exact origins ("https://example.com") the ceremonies may come from.
    package let origins: [String]
    /// Whether the authenticator must report user verification (UV), not only presence (UP).
    package let requiresUserVerification: Bool

    package init(id: String, origins: [String], requiresUserVerification: Bool) {
        self.id = id
        self.origins = origins
        self.requiresUserVerification = requiresUserVerification
    }
}
