import Crypto
import Foundation
import Testing

/// A software passkey for the route tests: a P-256 key from swift-crypto, answering a ceremony's
/// options (as the routes send them) with the JSON a browser's `credential.toJSON()` would send.
struct SoftAuthenticator {
    static let origin = "https://example.com"
    let credentialID: [UInt8] = (0..<32).map { _ in UInt8.random(in: 0...255) }
    let key = P256.Signing.PrivateKey()

    /// A `RegistrationResponseJSON` for creation `options`, with `none` attestation, from `origin`.
    func registration(_ options: [String: Any], origin: String = origin) throws -> [String: Any] {
        let challenge = try #require(options["challenge"] as? String)
        let rpID = try #require((options["rp"] as? [String: Any])?["id"] as? String)
        let point = Array(key.publicKey.x963Representation)
        let coseKey = CBOR.map([
            (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)),
            (.int(-2), .bytes(Array(point[1..<33]))), (.int(-3), .bytes(Array(point[33..<65]))),
        ])
        // UP, UV and AT; a zero AAGUID, as a `none` attestation has.
        var authData = Self.rpIDHash(rpID) + [0x45] + [0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
        authData += [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xFF)] + credentialID
        authData += coseKey.encoded
        let attestation = CBOR.map([
            (.text("fmt"), .text("none")), (.text("attStmt"), .map([])), (.text("authData"), .bytes(authData)),
        ])
        let clientData = Self.clientData("webauthn.create", challenge, origin)
        return [
            "id": Self.base64URL(credentialID), "rawId": Self.base64URL(credentialID), "type": "public-key",
            "response": [
                "clientDataJSON": Self.base64URL(clientData),
                "attestationObject": Self.base64URL(attestation.encoded), "transports": ["internal"],
            ],
        ]
    }

    /// An `AuthenticationResponseJSON` for request `options`, signed with counter `signCount`;
    /// `tampered` flips a bit of the signed data after signing.
    func assertion(
        _ options: [String: Any], userHandle: String?, signCount: UInt32 = 1, origin: String = origin,
        tampered: Bool = false
    ) throws -> [String: Any] {
        let challenge = try #require(options["challenge"] as? String)
        let rpID = try #require(options["rpId"] as? String)
        let counter = (0..<4).map { UInt8(truncatingIfNeeded: signCount >> (24 - 8 * $0)) }
        var authData = Self.rpIDHash(rpID) + [0x05] + counter
        let clientData = Self.clientData("webauthn.get", challenge, origin)
        let signature = try key.signature(for: authData + Array(SHA256.hash(data: clientData)))
        if tampered { authData[36] ^= 0x01 }
        var response: [String: Any] = [
            "clientDataJSON": Self.base64URL(clientData), "authenticatorData": Self.base64URL(authData),
            "signature": Self.base64URL(Array(signature.derRepresentation)),
        ]
        response["userHandle"] = userHandle
        return [
            "id": Self.base64URL(credentialID), "rawId": Self.base64URL(credentialID), "type": "public-key",
            "response": response,
        ]
    }

    static func rpIDHash(_ rpID: String) -> [UInt8] { Array(SHA256.hash(data: Array(rpID.utf8))) }

    static func clientData(_ type: String, _ challenge: String, _ origin: String) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(challenge)","origin":"\#(origin)","crossOrigin":false}"#.utf8)
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

/// The few CBOR items an attestation object and a COSE key are made of.
indirect enum CBOR {
    case int(Int)
    case bytes([UInt8])
    case text(String)
    case map([(CBOR, CBOR)])

    var encoded: [UInt8] {
        switch self {
        case .int(let value) where value >= 0: Self.head(0, UInt64(value))
        case .int(let value): Self.head(1, UInt64(-1 - value))
        case .bytes(let bytes): Self.head(2, UInt64(bytes.count)) + bytes
        case .text(let text): Self.head(3, UInt64(text.utf8.count)) + Array(text.utf8)
        case .map(let pairs): Self.head(5, UInt64(pairs.count)) + pairs.flatMap { $0.0.encoded + $0.1.encoded }
        }
    }

    /// A major type and its argument, in the shortest form.
    private static func head(_ major: UInt8, _ value: UInt64) -> [UInt8] {
        let type = major << 5
        switch value {
        case 0..<24: return [type | UInt8(value)]
        case 24..<256: return [type | 24, UInt8(value)]
        default: return [type | 25, UInt8(value >> 8), UInt8(value & 0xFF)]
        }
    }
}
