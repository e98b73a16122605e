internal import Latchkey

/// Runs every passkey parser on one untrusted input: each must return a value or throw its typed
/// error, never trap. The packed statement is verified too, so certificates and keys are parsed.
enum PasskeyFuzzing {
    static func exercise(_ bytes: [UInt8]) {
        _ = try? CBORDecoder.decode(bytes)
        _ = try? CBORDecoder.decodePrefix(bytes)
        _ = try? COSEKey(bytes: bytes)
        _ = try? AuthenticatorData(bytes: bytes)
        _ = try? CollectedClientData(json: bytes)
        guard let object = try? AttestationObject(bytes: bytes),
            let credential = object.authenticatorData.attestedCredentialData,
            let statement = try? PackedAttestationStatement(object.statement)
        else { return }
        _ = try? statement.verify(
            authenticatorData: object.authenticatorDataBytes, clientDataHash: Array(repeating: 0, count: 32),
            credential: credential)
    }
}
