import Crypto
import Foundation
import _CryptoExtras

@testable import Latchkey

/// A software authenticator for tests: real keys from swift-crypto, and the authenticator data,
/// attestation objects, client data and signatures a browser and authenticator would send.
struct TestAuthenticator {
    enum Kind: String, CaseIterable, Sendable { case es256, edDSA, rs256 }

    static let rpID = "example.com"
    static let origin = "https://example.com"
    static let aaguid: [UInt8] = Array(0x10..<0x20)

    let kind: Kind
    let credentialID: [UInt8]
    private let p256: P256.Signing.PrivateKey?
    private let ed25519: Curve25519.Signing.PrivateKey?
    private let rsa: _RSA.Signing.PrivateKey?

    init(_ kind: Kind, credentialID: [UInt8] = Array(0..<32)) throws {
        self.kind = kind
        self.credentialID = credentialID
        p256 = kind == .es256 ? P256.Signing.PrivateKey() : nil
        ed25519 = kind == .edDSA ? Curve25519.Signing.PrivateKey() : nil
        rsa = kind == .rs256 ? try TestAuthenticator.rsaKey() : nil
    }

    /// One RSA key for every test: generating 2048-bit keys is slow.
    private static let sharedRSA = Result { try _RSA.Signing.PrivateKey(keySize: .bits2048) }
    private static func rsaKey() throws -> _RSA.Signing.PrivateKey { try sharedRSA.get() }

    var algorithm: COSEAlgorithm {
        switch kind {
        case .es256: .es256
        case .edDSA: .edDSA
        case .rs256: .rs256
        }
    }

    /// The credential public key as a COSE_Key map.
    func coseKeyValue() throws -> CBORValue {
        if let p256 {
            let point = Array(p256.publicKey.x963Representation)
            return .map([
                .int(1): .int(2), .int(3): .int(-7), .int(-1): .int(1),
                .int(-2): .bytes(Array(point[1..<33])), .int(-3): .bytes(Array(point[33..<65])),
            ])
        }
        if let ed25519 {
            return .map([
                .int(1): .int(1), .int(3): .int(-8), .int(-1): .int(6),
                .int(-2): .bytes(Array(ed25519.publicKey.rawRepresentation)),
            ])
        }
        let primitives = try rsa!.publicKey.getKeyPrimitives()
        return .map([
            .int(1): .int(3), .int(3): .int(-257),
            .int(-1): .bytes(Array(primitives.modulus)), .int(-2): .bytes(Array(primitives.publicExponent)),
        ])
    }

    func coseKey() throws -> [UInt8] { CBOREncoder.encode(try coseKeyValue()) }

    func sign(_ data: [UInt8]) throws -> [UInt8] {
        if let p256 { return Array(try p256.signature(for: data).derRepresentation) }
        if let ed25519 { return Array(try ed25519.signature(for: data)) }
        return Array(try rsa!.signature(for: data, padding: .insecurePKCS1v1_5).rawRepresentation)
    }

    /// Authenticator data with the flags and counter given, and attested credential data when `attested`.
    func authenticatorData(
        rpID: String = rpID, flags: UInt8 = 0x05, signCount: UInt32 = 0, attested: Bool = false
    ) throws -> [UInt8] {
        var bytes = Array(SHA256.hash(data: Array(rpID.utf8)))
        bytes.append(flags | (attested ? 0x40 : 0))
        bytes += CBOREncoder.bigEndian(UInt64(signCount), 4)
        if attested {
            bytes += Self.aaguid + CBOREncoder.bigEndian(UInt64(credentialID.count), 2) + credentialID
            bytes += try coseKey()
        }
        return bytes
    }

    static func clientDataJSON(
        type: String, challenge: [UInt8], origin: String = origin, crossOrigin: Bool = false
    ) -> [UInt8] {
        Array(
            """
            {"type":"\(type)","challenge":"\(Base64.urlSafe(challenge))","origin":"\(origin)",\
            "crossOrigin":\(crossOrigin)}
            """.utf8)
    }

    static func attestationObject(format: String, statement: CBORValue, authData: [UInt8]) -> [UInt8] {
        CBOREncoder.encode(
            .map([.text("fmt"): .text(format), .text("attStmt"): statement, .text("authData"): .bytes(authData)]))
    }

    /// A registration response with `none` attestation unless a statement is given.
    func registration(
        challenge: [UInt8], authData: [UInt8]? = nil, clientData: [UInt8]? = nil, format: String = "none",
        statement: CBORValue = .map([:]), rawID: [UInt8]? = nil
    ) throws -> PasskeyRegistrationResponse {
        let authData = try authData ?? authenticatorData(attested: true)
        let clientData = clientData ?? Self.clientDataJSON(type: "webauthn.create", challenge: challenge)
        let object = Self.attestationObject(format: format, statement: statement, authData: authData)
        return PasskeyRegistrationResponse(
            id: Base64.urlSafe(credentialID), rawId: Base64.urlSafe(rawID ?? credentialID),
            response: .init(clientDataJSON: Base64.urlSafe(clientData), attestationObject: Base64.urlSafe(object)))
    }

    /// A packed self-attestation statement over `authData` and `clientData`.
    func packedSelfStatement(authData: [UInt8], clientData: [UInt8]) throws -> CBORValue {
        let signature = try sign(authData + Array(SHA256.hash(data: clientData)))
        return .map([.text("alg"): .int(algorithm.rawValue), .text("sig"): .bytes(signature)])
    }

    /// A signed assertion over `authData` and `clientData`.
    func assertion(
        challenge: [UInt8], authData: [UInt8]? = nil, clientData: [UInt8]? = nil, userHandle: [UInt8]? = [7, 7]
    ) throws -> PasskeyAuthenticationResponse {
        let authData = try authData ?? authenticatorData(signCount: 1)
        let clientData = clientData ?? Self.clientDataJSON(type: "webauthn.get", challenge: challenge)
        let signature = try sign(authData + Array(SHA256.hash(data: clientData)))
        return PasskeyAuthenticationResponse(
            id: Base64.urlSafe(credentialID), rawId: Base64.urlSafe(credentialID),
            response: .init(
                clientDataJSON: Base64.urlSafe(clientData), authenticatorData: Base64.urlSafe(authData),
                signature: Base64.urlSafe(signature), userHandle: userHandle.map(Base64.urlSafe)))
    }
}
