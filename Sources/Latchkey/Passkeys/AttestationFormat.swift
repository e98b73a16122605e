/// The attestation statement formats accepted at registration, and what the packed one proved.
package enum AttestationFormat: String, Sendable {
    /// No attestation: the authenticator's model is not vouched for.
    case none
    /// Packed self attestation: signed with the credential's own key.
    case packedSelf = "packed-self"
    /// Packed attestation signed with an attestation certificate's key (its chain is not checked).
    case packedCertificate = "packed-x5c"
}
