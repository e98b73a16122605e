internal import Crypto

/// Verifies a sign-in ceremony's assertion (WebAuthn §7.2) without storage: the caller finds the
/// credential by its ID, passes its stored key and counter, and stores the new counter.
package struct PasskeyAssertionVerifier: Sendable {
    package let relyingParty: PasskeyRelyingParty

    package init(relyingParty: PasskeyRelyingParty) { self.relyingParty = relyingParty }

    /// The credential ID the response names, to look the stored credential up before `verify`.
    package static func credentialID(of response: PasskeyAuthenticationResponse) throws(PasskeyError) -> [UInt8] {
        guard response.type == "public-key" else { throw .wrongCredentialType }
        guard let id = Base64.decodeURLSafe(response.id), let rawID = Base64.decodeURLSafe(response.rawId) else {
            throw .malformed("credential ID is not base64url")
        }
        guard id == rawID else { throw .credentialIDMismatch }
        return rawID
    }

    /// Checks the assertion against the stored COSE key and counter. A valid signature whose counter did
    /// not move forward throws ``PasskeyError/counterWentBackwards(stored:received:)``, so the caller
    /// can flag the credential.
    package func verify(
        _ response: PasskeyAuthenticationResponse, challenge: [UInt8], publicKey: [UInt8], storedSignCount: UInt32
    ) throws(PasskeyError) -> VerifiedPasskeyAssertion {
        let credentialID = try Self.credentialID(of: response)
        guard let clientDataJSON = Base64.decodeURLSafe(response.response.clientDataJSON) else {
            throw .malformed("clientDataJSON is not base64url")
        }
        guard let authDataBytes = Base64.decodeURLSafe(response.response.authenticatorData) else {
            throw .malformed("authenticatorData is not base64url")
        }
        guard let signature = Base64.decodeURLSafe(response.response.signature) else {
            throw .malformed("signature is not base64url")
        }
        var userHandle: [UInt8]?
        if let handle = response.response.userHandle {
            guard let bytes = Base64.decodeURLSafe(handle) else { throw .malformed("userHandle is not base64url") }
            userHandle = bytes
        }
        let key = try COSEKey(bytes: publicKey)

        let clientData = try CollectedClientData(json: clientDataJSON)
        try clientData.verify(ceremony: .get, challenge: challenge, allowedOrigins: relyingParty.origins)
        let authData = try AuthenticatorData(bytes: authDataBytes)
        guard authData.isFor(rpID: relyingParty.id) else { throw .relyingPartyMismatch }
        guard authData.flags.contains(.userPresent) else { throw .userNotPresent }
        if relyingParty.requiresUserVerification && !authData.flags.contains(.userVerified) {
            throw .userNotVerified
        }
        let clientDataHash = Array(SHA256.hash(data: clientDataJSON))
        guard key.isValidSignature(signature, for: authDataBytes + clientDataHash) else { throw .invalidSignature }
        // §7.2 step 22, after the signature so that only the authenticator's own data can flag a credential:
        // when either counter is in use, the new one must be greater.
        if (authData.signCount != 0 || storedSignCount != 0) && authData.signCount <= storedSignCount {
            throw .counterWentBackwards(stored: storedSignCount, received: authData.signCount)
        }
        return VerifiedPasskeyAssertion(
            credentialID: credentialID, signCount: authData.signCount,
            userVerified: authData.flags.contains(.userVerified),
            backupEligible: authData.flags.contains(.backupEligible), backedUp: authData.flags.contains(.backedUp),
            userHandle: userHandle)
    }
}
