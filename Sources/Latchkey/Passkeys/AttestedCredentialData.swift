/// The credential an authenticator created (WebAuthn §6.5.1): its authenticator model, ID and key.
package struct AttestedCredentialData: Sendable {
    /// The longest credential ID WebAuthn allows.
    package static let maximumCredentialIDLength = 1023

    /// The authenticator's model, all zeros when it does not say.
    package let aaguid: [UInt8]
    package let credentialID: [UInt8]
    /// The COSE_Key bytes exactly as sent: what a relying party stores.
    package let publicKeyBytes: [UInt8]
    package let publicKey: COSEKey
}
