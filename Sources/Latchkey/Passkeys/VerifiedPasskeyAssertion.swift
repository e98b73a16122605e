/// A sign-in assertion that passed every check: what the relying party updates for the credential.
package struct VerifiedPasskeyAssertion: Sendable {
    package let credentialID: [UInt8]
    package let signCount: UInt32
    package let userVerified: Bool
    package let backupEligible: Bool
    package let backedUp: Bool
    /// The user handle the authenticator returned, for the caller to match against the credential's owner.
    package let userHandle: [UInt8]?
}
