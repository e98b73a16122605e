import Crypto
import Foundation

/// A software passkey for the passkey case: one P-256 (ES256) credential that registers with
/// `none` attestation and signs assertions, answering in WebAuthn's JSON forms as a browser does.
/// Only what the case needs: the few CBOR items of a COSE key and an attestation object.
struct SoftAuthenticator {
    static let rpID = "bench.example"
    static let origin = "https://bench.example"

    let credentialID = [UInt8]((0..<32).map { _ in UInt8.random(in: 0...255) })
    private let key = P256.Signing.PrivateKey()
    /// The account's user handle, from the creation options.
    let userHandle: String

    init(userHandle: String) { self.userHandle = userHandle }

    /// The `RegistrationResponseJSON` for the creation options' `challenge` (base64url).
    func registration(challenge: String) throws -> Data {
        let point = Array(key.publicKey.x963Representation)
        // COSE_Key {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}, keys in canonical order.
        let coseKey: [UInt8] =
            [0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21] + Self.bytes(point[1..<33]) + [0x22]
            + Self.bytes(point[33..<65])
        let authData =
            authenticatorData(flags: 0x45) + [UInt8](repeating: 0, count: 16) + [0, UInt8(credentialID.count)]
            + credentialID + coseKey
        // {"fmt": "none", "attStmt": {}, "authData": authData}
        let object: [UInt8] =
            [0xa3] + Self.text("fmt") + Self.text("none") + Self.text("attStmt") + [0xa0] + Self.text("authData")
            + Self.bytes(authData[...])
        return try JSONSerialization.data(withJSONObject: [
            "id": Self.base64URL(credentialID), "rawId": Self.base64URL(credentialID), "type": "public-key",
            "response": [
                "clientDataJSON": Self.base64URL(clientData("webauthn.create", challenge)),
                "attestationObject": Self.base64URL(object), "transports": ["internal"],
            ],
        ])
    }

    /// The `AuthenticationResponseJSON` for the request options' `challenge`: user present and verified.
    func assertion(challenge: String) throws -> Data {
        let authData = authenticatorData(flags: 0x05)
        let clientData = clientData("webauthn.get", challenge)
        let signature = try key.signature(for: authData + Array(SHA256.hash(data: clientData))).derRepresentation
        return try JSONSerialization.data(withJSONObject: [
            "id": Self.base64URL(credentialID), "rawId": Self.base64URL(credentialID), "type": "public-key",
            "response": [
                "clientDataJSON": Self.base64URL(clientData), "authenticatorData": Self.base64URL(authData),
                "signature": Self.base64URL(Array(signature)), "userHandle": userHandle,
            ],
        ])
    }

    /// RP ID hash, flags, and a zero counter (as synced passkeys send).
    private func authenticatorData(flags: UInt8) -> [UInt8] {
        Array(SHA256.hash(data: Array(Self.rpID.utf8))) + [flags, 0, 0, 0, 0]
    }

    private func clientData(_ type: String, _ challenge: String) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(challenge)","origin":"\#(Self.origin)","crossOrigin":false}"#.utf8)
    }

    /// A CBOR byte string (major type 2) of fewer than 65,536 bytes.
    private static func bytes(_ value: ArraySlice<UInt8>) -> [UInt8] {
        let head: [UInt8] =
            switch value.count {
            case 0..<24: [0x40 | UInt8(value.count)]
            case 24..<256: [0x58, UInt8(value.count)]
            default: [0x59, UInt8(value.count >> 8), UInt8(value.count & 0xff)]
            }
        return head + value
    }

    /// A CBOR text string (major type 3) of fewer than 24 bytes.
    private static func text(_ value: String) -> [UInt8] { [0x60 | UInt8(value.utf8.count)] + Array(value.utf8) }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
