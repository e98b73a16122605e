/// Why a passkey ceremony's response is refused. Each case is one step of the WebAuthn checks; the
/// reasons are short fixed texts that quote no input beyond a COSE number or a format name's letters.
package enum PasskeyError: Error, Equatable, Sendable {
    /// Not decodable: base64url, JSON, CBOR, truncated data or inconsistent lengths and flags.
    case malformed(String)
    /// A credential key of a type, curve, size or algorithm that is not accepted.
    case unsupportedKey(String)
    /// The credential's `type` is not "public-key".
    case wrongCredentialType
    /// `id` and `rawId` differ, or the credential ID is not the one the authenticator data names.
    case credentialIDMismatch
    /// The client data is for the other ceremony (`webauthn.create` against `webauthn.get`).
    case wrongCeremony
    /// The client data's challenge is not the one this ceremony issued.
    case challengeMismatch
    /// The client data's origin is not one of the allowed origins.
    case originNotAllowed
    /// The ceremony ran in a cross-origin frame, which is not accepted.
    case crossOriginRefused
    /// The authenticator data is for another relying party ID.
    case relyingPartyMismatch
    /// The authenticator did not test for the user's presence.
    case userNotPresent
    /// User verification was required and the authenticator did not perform it.
    case userNotVerified
    /// The credential's algorithm is not one the relying party offered.
    case algorithmNotOffered
    /// An attestation statement format other than `none` and `packed`.
    case unsupportedAttestationFormat(String)
    /// The attestation statement does not hold or does not verify.
    case invalidAttestation(String)
    /// The assertion's signature does not verify with the stored key.
    case invalidSignature
    /// A valid signature whose counter did not move forward: the credential may have been cloned.
    case counterWentBackwards(stored: UInt32, received: UInt32)

    /// A stable short code for logs and API errors.
    package var code: String {
        switch self {
        case .malformed: "malformed"
        case .unsupportedKey: "unsupported_key"
        case .wrongCredentialType: "wrong_credential_type"
        case .credentialIDMismatch: "credential_id_mismatch"
        case .wrongCeremony: "wrong_ceremony"
        case .challengeMismatch: "challenge_mismatch"
        case .originNotAllowed: "origin_not_allowed"
        case .crossOriginRefused: "cross_origin_refused"
        case .relyingPartyMismatch: "relying_party_mismatch"
        case .userNotPresent: "user_not_present"
        case .userNotVerified: "user_not_verified"
        case .algorithmNotOffered: "algorithm_not_offered"
        case .unsupportedAttestationFormat: "unsupported_attestation_format"
        case .invalidAttestation: "invalid_attestation"
        case .invalidSignature: "invalid_signature"
        case .counterWentBackwards: "counter_went_backwards"
        }
    }
}
