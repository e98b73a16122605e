internal import Crypto

/// Verifies a registration ceremony's response (WebAuthn §7.1) without storage: the caller supplies
/// the challenge it issued and stores what comes back.
package struct PasskeyRegistrationVerifier: Sendable {
    package let relyingParty: PasskeyRelyingParty
    /// The algorithms offered in `pubKeyCredParams`.
    package let algorithms: [COSEAlgorithm]

    package init(relyingParty: PasskeyRelyingParty, algorithms: [COSEAlgorithm] = COSEAlgorithm.allCases) {
        self.relyingParty = relyingParty
        self.algorithms = algorithms
    }

    package func verify(
        _ response: PasskeyRegistrationResponse, challenge: [UInt8]
    ) throws(PasskeyError) -> VerifiedPasskeyRegistration {
        guard response.type == "public-key" else { throw .wrongCredentialType }
        guard let id = Base64.decodeURLSafe(response.id), let rawID = Base64.decodeURLSafe(response.rawId) else {
            throw .malformed("credential ID is not base64url")
        }
        guard id == rawID else { throw .credentialIDMismatch }
        guard let clientDataJSON = Base64.decodeURLSafe(response.response.clientDataJSON) else {
            throw .malformed("clientDataJSON is not base64url")
        }
        guard let attestationBytes = Base64.decodeURLSafe(response.response.attestationObject) else {
            throw .malformed("attestationObject is not base64url")
        }
        let clientData = try CollectedClientData(json: clientDataJSON)
        try clientData.verify(ceremony: .create, challenge: challenge, allowedOrigins: relyingParty.origins)
        let clientDataHash = Array(SHA256.hash(data: clientDataJSON))

        let attestation = try AttestationObject(bytes: attestationBytes)
        let authData = attestation.authenticatorData
        guard authData.isFor(rpID: relyingParty.id) else { throw .relyingPartyMismatch }
        guard authData.flags.contains(.userPresent) else { throw .userNotPresent }
        if relyingParty.requiresUserVerification && !authData.flags.contains(.userVerified) {
            throw .userNotVerified
        }
        guard let credential = authData.attestedCredentialData else {
            throw .malformed("registration without attested credential data")
        }
        guard algorithms.contains(credential.publicKey.algorithm) else { throw .algorithmNotOffered }
        guard credential.credentialID == rawID else { throw .credentialIDMismatch }

        let format: AttestationFormat
        switch attestation.format {
        case "none":
            guard case .map(let statement) = attestation.statement, statement.isEmpty else {
                throw .invalidAttestation("none attestation with a statement")
            }
            format = .none
        case "packed":
            format = try PackedAttestationStatement(attestation.statement).verify(
                authenticatorData: attestation.authenticatorDataBytes, clientDataHash: clientDataHash,
                credential: credential)
        default:
            // Named in the error for operators, so only as registered format names are spelt.
            let name = attestation.format.unicodeScalars.prefix(32).filter {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
            }
            throw .unsupportedAttestationFormat(String(String.UnicodeScalarView(name)))
        }
        return VerifiedPasskeyRegistration(
            credentialID: credential.credentialID, publicKey: credential.publicKeyBytes,
            algorithm: credential.publicKey.algorithm, signCount: authData.signCount,
            userVerified: authData.flags.contains(.userVerified),
            backupEligible: authData.flags.contains(.backupEligible), backedUp: authData.flags.contains(.backedUp),
            aaguid: credential.aaguid, attestationFormat: format)
    }
}
