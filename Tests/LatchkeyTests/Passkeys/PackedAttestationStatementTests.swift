import Crypto
import Foundation
import SwiftASN1
import Testing
import X509

@testable import Latchkey

/// Packed attestation with a certificate (x5c), on certificates made here with swift-certificates.
@Suite struct PackedAttestationStatementTests {
    let challenge: [UInt8] = Array(repeating: 0x33, count: 32)
    let party = PasskeyRelyingParty(
        id: TestAuthenticator.rpID, origins: [TestAuthenticator.origin], requiresUserVerification: false)

    /// A self-signed attestation certificate for `key`, with the AAGUID extension when `aaguid` is given.
    private func certificate(
        for key: P256.Signing.PrivateKey, aaguid: [UInt8]?, isCA: Bool = false
    ) throws -> [UInt8] {
        let name = try DistinguishedName {
            CountryName("SE")
            OrganizationName("Latchkey tests")
            OrganizationalUnitName("Authenticator Attestation")
            CommonName("Test authenticator")
        }
        var extensions = Certificate.Extensions()
        let constraints: BasicConstraints =
            isCA ? .isCertificateAuthority(maxPathLength: nil) : .notCertificateAuthority
        try extensions.append(try Critical(constraints).makeCertificateExtension())
        if let aaguid {
            try extensions.append(
                Certificate.Extension(
                    oid: PackedAttestationStatement.aaguidExtension, critical: false, value: [0x04, 0x10] + aaguid[...])
            )
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey),
            notValidBefore: Date(timeIntervalSince1970: 1_700_000_000),
            notValidAfter: Date(timeIntervalSince1970: 2_000_000_000),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
            issuerPrivateKey: .init(key))
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    private func register(
        certificateKey: P256.Signing.PrivateKey, signingKey: P256.Signing.PrivateKey? = nil,
        aaguid: [UInt8]? = TestAuthenticator.aaguid,
        isCA: Bool = false
    ) throws(PasskeyError) -> VerifiedPasskeyRegistration {
        let response: PasskeyRegistrationResponse
        do {
            let authenticator = try TestAuthenticator(.edDSA)
            let authData = try authenticator.authenticatorData(attested: true)
            let clientData = TestAuthenticator.clientDataJSON(type: "webauthn.create", challenge: challenge)
            let signature = try (signingKey ?? certificateKey).signature(for: authData + SHA256.hash(data: clientData))
            let statement: CBORValue = .map([
                .text("alg"): .int(-7), .text("sig"): .bytes(Array(signature.derRepresentation)),
                .text("x5c"): .array([.bytes(try certificate(for: certificateKey, aaguid: aaguid, isCA: isCA))]),
            ])
            response = try authenticator.registration(
                challenge: challenge, authData: authData, clientData: clientData, format: "packed", statement: statement
            )
        } catch { throw .malformed("test setup failed: \(error)") }
        return try PasskeyRegistrationVerifier(relyingParty: party).verify(response, challenge: challenge)
    }

    @Test("accepts a signature by the leaf certificate's key and records packed x5c")
    func accepts() throws {
        #expect(try register(certificateKey: P256.Signing.PrivateKey()).attestationFormat == .packedCertificate)
        #expect(
            try register(certificateKey: P256.Signing.PrivateKey(), aaguid: nil).attestationFormat == .packedCertificate
        )
    }

    @Test("refuses a signature by another key than the certificate's")
    func otherKey() {
        #expect(throws: PasskeyError.invalidAttestation("attestation signature does not verify")) {
            try register(certificateKey: P256.Signing.PrivateKey(), signingKey: P256.Signing.PrivateKey())
        }
    }

    @Test("refuses a certificate that names another AAGUID, and a CA certificate")
    func certificateRequirements() {
        #expect(throws: PasskeyError.invalidAttestation("attestation certificate names another AAGUID")) {
            try register(certificateKey: P256.Signing.PrivateKey(), aaguid: Array(repeating: 0xee, count: 16))
        }
        #expect(throws: PasskeyError.invalidAttestation("attestation certificate is a CA")) {
            try register(certificateKey: P256.Signing.PrivateKey(), isCA: true)
        }
    }

    @Test(
        "refuses a statement without alg or sig, an x5c that is not a list of certificates, and a certificate that does not parse"
    )
    func malformedStatements() throws {
        #expect(throws: PasskeyError.invalidAttestation("packed statement lacks alg or sig")) {
            try PackedAttestationStatement(.map([.text("alg"): .int(-7)]))
        }
        #expect(throws: PasskeyError.invalidAttestation("x5c is not a list of certificates")) {
            try PackedAttestationStatement(
                .map([.text("alg"): .int(-7), .text("sig"): .bytes([1]), .text("x5c"): .array([])]))
        }
        #expect(throws: PasskeyError.invalidAttestation("x5c holds a non-certificate")) {
            try PackedAttestationStatement(
                .map([.text("alg"): .int(-7), .text("sig"): .bytes([1]), .text("x5c"): .array([.int(1)])]))
        }
        let statement = try PackedAttestationStatement(
            .map([.text("alg"): .int(-7), .text("sig"): .bytes([1]), .text("x5c"): .array([.bytes([0x30, 0x00])])]))
        let authenticator = try TestAuthenticator(.es256)
        let credential = try #require(
            try AuthenticatorData(bytes: authenticator.authenticatorData(attested: true)).attestedCredentialData)
        #expect(throws: PasskeyError.invalidAttestation("attestation certificate does not parse")) {
            try statement.verify(authenticatorData: [], clientDataHash: [], credential: credential)
        }
    }
}
