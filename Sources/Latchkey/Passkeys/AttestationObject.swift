/// An attestation object (WebAuthn §6.5): the statement format, the statement and the authenticator
/// data it covers, parsed from untrusted CBOR.
package struct AttestationObject: Sendable {
    /// The `fmt` string, as sent.
    package let format: String
    /// The `attStmt` map.
    package let statement: CBORValue
    /// The authenticator data bytes exactly as sent: the statement's signature covers them.
    package let authenticatorDataBytes: [UInt8]
    package let authenticatorData: AuthenticatorData

    package init(bytes: [UInt8]) throws(PasskeyError) {
        let value: CBORValue
        do { value = try CBORDecoder.decode(bytes) } catch {
            throw .malformed("attestation object: \(error.reason)")
        }
        guard case .text(let format) = value["fmt"], case .map = value["attStmt"],
            case .bytes(let authData) = value["authData"], let statement = value["attStmt"]
        else { throw .malformed("attestation object lacks fmt, attStmt or authData") }
        self.format = format
        self.statement = statement
        authenticatorDataBytes = authData
        authenticatorData = try AuthenticatorData(bytes: authData)
    }
}
