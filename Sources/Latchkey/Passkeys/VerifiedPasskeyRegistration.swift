/// A registration that passed every check: what a relying party stores for the new credential.
package struct VerifiedPasskeyRegistration: Sendable {
    package let credentialID: [UInt8]
    /// The COSE_Key bytes exactly as the authenticator sent them.
    package let publicKey: [UInt8]
    package let algorithm: COSEAlgorithm
    package let signCount: UInt32
    package let userVerified: Bool
    package let backupEligible: Bool
    package let backedUp: Bool
    /// The authenticator's model, all zeros when it does not say.
    package let aaguid: [UInt8]
    package let attestationFormat: AttestationFormat
}
