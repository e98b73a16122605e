internal import Crypto
internal import SwiftASN1
internal import X509
internal import _CryptoExtras

/// A `packed` attestation statement (WebAuthn §8.2): an algorithm, a signature over the authenticator
/// data and the client data hash, and optionally the attestation certificate and its chain.
package struct PackedAttestationStatement: Sendable {
    /// The longest certificate chain accepted.
    static let maximumCertificates = 8
    /// id-fido-gen-ce-aaguid: the certificate extension naming the authenticator model.
    static let aaguidExtension: ASN1ObjectIdentifier = [1, 3, 6, 1, 4, 1, 45724, 1, 1, 4]

    package let algorithm: Int
    package let signature: [UInt8]
    /// The DER certificates, leaf first, or empty for self attestation.
    package let certificates: [[UInt8]]

    package init(_ statement: CBORValue) throws(PasskeyError) {
        guard let algorithm = statement["alg"]?.integer, case .bytes(let signature) = statement["sig"] else {
            throw .invalidAttestation("packed statement lacks alg or sig")
        }
        self.algorithm = algorithm
        self.signature = signature
        switch statement["x5c"] {
        case nil:
            certificates = []
        case .array(let items)? where (1...Self.maximumCertificates).contains(items.count):
            var certificates: [[UInt8]] = []
            for item in items {
                guard case .bytes(let der) = item else { throw .invalidAttestation("x5c holds a non-certificate") }
                certificates.append(der)
            }
            self.certificates = certificates
        default:
            throw .invalidAttestation("x5c is not a list of certificates")
        }
    }

    /// Verifies the statement over `authenticatorData` and `clientDataHash` and says which kind it was.
    package func verify(
        authenticatorData: [UInt8], clientDataHash: [UInt8], credential: AttestedCredentialData
    ) throws(PasskeyError) -> AttestationFormat {
        let signed = authenticatorData + clientDataHash
        guard let leaf = certificates.first else {
            guard algorithm == credential.publicKey.algorithm.rawValue else {
                throw .invalidAttestation("self attestation algorithm is not the credential's")
            }
            guard credential.publicKey.isValidSignature(signature, for: signed) else {
                throw .invalidAttestation("self attestation signature does not verify")
            }
            return .packedSelf
        }
        let certificate: Certificate
        do { certificate = try Certificate(derEncoded: leaf) } catch {
            throw .invalidAttestation("attestation certificate does not parse")
        }
        try Self.checkRequirements(of: certificate, aaguid: credential.aaguid)
        guard Self.isValid(signature, for: signed, algorithm: algorithm, key: certificate.publicKey) else {
            throw .invalidAttestation("attestation signature does not verify")
        }
        return .packedCertificate
    }

    /// §8.2.1: a version 3 end-entity certificate whose AAGUID extension, when present, names the
    /// credential's authenticator model. The chain to a root is not checked.
    private static func checkRequirements(of certificate: Certificate, aaguid: [UInt8]) throws(PasskeyError) {
        guard certificate.version == .v3 else { throw .invalidAttestation("attestation certificate is not v3") }
        do {
            if case .isCertificateAuthority = try certificate.extensions.basicConstraints {
                throw PasskeyError.invalidAttestation("attestation certificate is a CA")
            }
            if let fidoAAGUID = certificate.extensions[oid: aaguidExtension] {
                guard !fidoAAGUID.critical,
                    try ASN1OctetString(derEncoded: fidoAAGUID.value).bytes.elementsEqual(aaguid)
                else { throw PasskeyError.invalidAttestation("attestation certificate names another AAGUID") }
            }
        } catch let error as PasskeyError {
            throw error
        } catch {
            throw .invalidAttestation("attestation certificate extensions do not parse")
        }
    }

    private static func isValid(
        _ signature: [UInt8], for data: [UInt8], algorithm: Int, key: Certificate.PublicKey
    ) -> Bool {
        switch COSEAlgorithm(rawValue: algorithm) {
        case .es256?:
            guard let key = P256.Signing.PublicKey(key),
                let signature = try? P256.Signing.ECDSASignature(derRepresentation: signature)
            else { return false }
            return key.isValidSignature(signature, for: data)
        case .edDSA?:
            guard let key = Curve25519.Signing.PublicKey(key) else { return false }
            return key.isValidSignature(signature, for: data)
        case .rs256?:
            guard let key = _RSA.Signing.PublicKey(key) else { return false }
            return key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature), for: data, padding: .insecurePKCS1v1_5)
        case nil:
            return false
        }
    }
}
