internal import Crypto
internal import _CryptoExtras

/// A credential public key in its COSE_Key form (RFC 9052 / RFC 9053), as authenticators send it and as
/// it is stored: EC2 P-256 for ES256, OKP Ed25519 for EdDSA, RSA for RS256, and nothing else.
package struct COSEKey: Sendable {
    package let algorithm: COSEAlgorithm
    private let key: VerifyingKey

    private enum VerifyingKey {
        case p256(P256.Signing.PublicKey)
        case ed25519(Curve25519.Signing.PublicKey)
        case rsa(_RSA.Signing.PublicKey)
    }

    // COSE labels (RFC 9052 §7, RFC 9053 §7) and values.
    private enum Label {
        static let kty = 1
        static let alg = 3
        static let crv = -1
        static let x = -2, n = -1
        static let y = -3, e = -2
        static let d = -4
    }

    /// The key in `bytes`, one CBOR map with nothing after it.
    package init(bytes: [UInt8]) throws(PasskeyError) {
        let value: CBORValue
        do { value = try CBORDecoder.decode(bytes) } catch { throw .malformed("COSE key: \(error.reason)") }
        try self.init(value)
    }

    /// The key in a decoded COSE_Key map.
    package init(_ value: CBORValue) throws(PasskeyError) {
        guard case .map = value else { throw .unsupportedKey("not a map") }
        guard let kty = value[Label.kty]?.integer else { throw .unsupportedKey("no key type") }
        guard let alg = value[Label.alg]?.integer else { throw .unsupportedKey("no algorithm") }
        guard let algorithm = COSEAlgorithm(rawValue: alg) else { throw .unsupportedKey("algorithm \(alg)") }
        self.algorithm = algorithm
        switch (kty, algorithm) {
        case (2, .es256):
            // A private part has no place in a public key: refuse rather than store it.
            guard value[Label.d] == nil else { throw .unsupportedKey("holds a private key") }
            guard value[Label.crv]?.integer == 1 else { throw .unsupportedKey("EC2 curve is not P-256") }
            let x = try Self.coordinate(value[Label.x], count: 32)
            let y = try Self.coordinate(value[Label.y], count: 32)
            do {
                key = .p256(try P256.Signing.PublicKey(x963Representation: [0x04] + x + y))
            } catch { throw .unsupportedKey("not a point on P-256") }
        case (1, .edDSA):
            guard value[Label.d] == nil else { throw .unsupportedKey("holds a private key") }
            guard value[Label.crv]?.integer == 6 else { throw .unsupportedKey("OKP curve is not Ed25519") }
            let x = try Self.coordinate(value[Label.x], count: 32)
            do {
                key = .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: x))
            } catch { throw .unsupportedKey("not an Ed25519 key") }
        case (3, .rs256):
            guard case .bytes(let n) = value[Label.n], case .bytes(let e) = value[Label.e] else {
                throw .unsupportedKey("RSA key without n and e")
            }
            // 2048 to 4096 bits: swift-crypto refuses smaller moduli, and larger ones only cost time.
            guard (256...512).contains(n.count), (1...8).contains(e.count) else {
                throw .unsupportedKey("RSA key size")
            }
            do {
                key = .rsa(try _RSA.Signing.PublicKey(n: n, e: e))
            } catch { throw .unsupportedKey("not an acceptable RSA key") }
        default:
            throw .unsupportedKey("key type \(kty) does not go with algorithm \(alg)")
        }
    }

    private static func coordinate(_ value: CBORValue?, count: Int) throws(PasskeyError) -> [UInt8] {
        guard case .bytes(let bytes) = value, bytes.count == count else {
            throw .unsupportedKey("missing or wrong-length coordinate")
        }
        return bytes
    }

    /// Whether `signature` is this key's signature of `data` under its algorithm; ES256 signatures
    /// are DER-encoded, as WebAuthn sends them.
    package func isValidSignature(_ signature: [UInt8], for data: [UInt8]) -> Bool {
        switch key {
        case .p256(let key):
            guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(signature, for: data)
        case .ed25519(let key):
            return key.isValidSignature(signature, for: data)
        case .rsa(let key):
            return key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature), for: data, padding: .insecurePKCS1v1_5)
        }
    }
}
