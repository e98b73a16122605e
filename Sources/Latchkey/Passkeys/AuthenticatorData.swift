internal import Crypto

/// Authenticator data (WebAuthn §6.1), parsed from untrusted bytes: the RP ID hash, the flags, the
/// signature counter, the attested credential data when AT is set and the extensions when ED is set.
package struct AuthenticatorData: Sendable {
    package let rpIDHash: [UInt8]
    package let flags: AuthenticatorFlags
    package let signCount: UInt32
    package let attestedCredentialData: AttestedCredentialData?
    /// The extension outputs' CBOR map, when ED is set.
    package let extensions: CBORValue?

    package init(bytes: [UInt8]) throws(PasskeyError) {
        guard bytes.count >= 37 else { throw .malformed("authenticator data truncated") }
        rpIDHash = Array(bytes[0..<32])
        flags = AuthenticatorFlags(rawValue: bytes[32])
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        // A credential cannot be backed up without being eligible for it (§6.1.3).
        if flags.contains(.backedUp) && !flags.contains(.backupEligible) {
            throw .malformed("backed up without being backup eligible")
        }
        var rest = Array(bytes[37...])
        if flags.contains(.attestedCredentialData) {
            guard rest.count >= 18 else { throw .malformed("attested credential data truncated") }
            let aaguid = Array(rest[0..<16])
            let idLength = Int(rest[16]) << 8 | Int(rest[17])
            guard idLength <= AttestedCredentialData.maximumCredentialIDLength else {
                throw .malformed("credential ID too long")
            }
            guard idLength > 0 else { throw .malformed("empty credential ID") }
            guard rest.count >= 18 + idLength else { throw .malformed("credential ID truncated") }
            let credentialID = Array(rest[18..<18 + idLength])
            rest = Array(rest[(18 + idLength)...])
            let decoded: (value: CBORValue, length: Int)
            do { decoded = try CBORDecoder.decodePrefix(rest) } catch {
                throw .malformed("credential public key: \(error.reason)")
            }
            attestedCredentialData = AttestedCredentialData(
                aaguid: aaguid, credentialID: credentialID, publicKeyBytes: Array(rest[..<decoded.length]),
                publicKey: try COSEKey(decoded.value))
            rest = Array(rest[decoded.length...])
        } else {
            attestedCredentialData = nil
        }
        if flags.contains(.extensionData) {
            let value: CBORValue
            do { value = try CBORDecoder.decode(rest) } catch { throw .malformed("extensions: \(error.reason)") }
            guard case .map = value else { throw .malformed("extensions are not a map") }
            extensions = value
        } else {
            guard rest.isEmpty else { throw .malformed("trailing bytes after authenticator data") }
            extensions = nil
        }
    }

    /// Whether this data is for the relying party ID `rpID`.
    package func isFor(rpID: String) -> Bool {
        Array(SHA256.hash(data: Array(rpID.utf8))) == rpIDHash
    }
}
