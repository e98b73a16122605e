import Crypto
import Foundation
import JWTKit
import _CryptoExtras

/// One signing key pair of the OpenID provider, made by swift-crypto: its private key as bytes to
/// seal (PKCS#1 DER for RSA, the raw scalar for P-256 and Ed25519), its public key as a JWK, and
/// its key ID, the JWK's RFC 7638 thumbprint.
package struct SigningKeyMaterial: Sendable {
    let algorithm: SigningAlgorithm
    let privateKey: [UInt8]

    /// A new key pair for `algorithm` (RSA keys are 2048 bits).
    static func generate(_ algorithm: SigningAlgorithm) throws -> SigningKeyMaterial {
        switch algorithm {
        case .rs256:
            let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
            return SigningKeyMaterial(algorithm: algorithm, privateKey: Array(key.derRepresentation))
        case .es256:
            return SigningKeyMaterial(
                algorithm: algorithm, privateKey: Array(P256.Signing.PrivateKey().rawRepresentation))
        case .edDSA:
            return SigningKeyMaterial(
                algorithm: algorithm, privateKey: Array(Curve25519.Signing.PrivateKey().rawRepresentation))
        }
    }

    /// The public key's required JWK members (RFC 7517), `alg` and `use` aside.
    func publicMembers() throws -> [String: String] {
        switch algorithm {
        case .rs256:
            let key = try _RSA.Signing.PrivateKey(derRepresentation: privateKey).publicKey
            let primitives = try key.getKeyPrimitives()
            return [
                "kty": "RSA", "n": Base64.urlSafe(Array(primitives.modulus)),
                "e": Base64.urlSafe(Array(primitives.publicExponent)),
            ]
        case .es256:
            let point = try P256.Signing.PrivateKey(rawRepresentation: privateKey).publicKey.x963Representation
            return [
                "kty": "EC", "crv": "P-256", "x": Base64.urlSafe(Array(point[1..<33])),
                "y": Base64.urlSafe(Array(point[33..<65])),
            ]
        case .edDSA:
            let key = try Curve25519.Signing.PrivateKey(rawRepresentation: privateKey).publicKey
            return ["kty": "OKP", "crv": "Ed25519", "x": Base64.urlSafe(Array(key.rawRepresentation))]
        }
    }

    /// The RFC 7638 thumbprint of the public key: SHA-256 of its required members in lexical order,
    /// base64url. The same key always has the same ID, and another key another.
    func keyID() throws -> String {
        let members = try publicMembers()
        let canonical = members.keys.sorted().map { "\"\($0)\":\"\(members[$0]!)\"" }.joined(separator: ",")
        return Base64.urlSafe(Array(SHA256.hash(data: Array("{\(canonical)}".utf8))))
    }

    /// The JWK a JWKS publishes: the public members, `kid`, `alg` and `use: sig`, as compact JSON.
    func publicJWK(kid: String) throws -> String {
        var members = try publicMembers()
        members["kid"] = kid
        members["alg"] = algorithm.rawValue
        members["use"] = "sig"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(members), as: UTF8.self)
    }

    /// Adds the key to `keys` under `kid`, to sign with (and verify).
    func add(to keys: JWTKeyCollection, kid: String) async throws {
        let identifier = JWKIdentifier(string: kid)
        switch algorithm {
        case .rs256:
            let key = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(derRepresentation: privateKey))
            await keys.add(rsa: key, digestAlgorithm: .sha256, kid: identifier)
        case .es256:
            let key = try ES256PrivateKey(backing: P256.Signing.PrivateKey(rawRepresentation: privateKey))
            await keys.add(ecdsa: key, kid: identifier)
        case .edDSA:
            let key = EdDSA.PrivateKey(backing: try Curve25519.Signing.PrivateKey(rawRepresentation: privateKey))
            await keys.add(eddsa: key, kid: identifier)
        }
    }
}
