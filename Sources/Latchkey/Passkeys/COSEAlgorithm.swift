/// The COSE signature algorithms (IANA COSE Algorithms registry) a passkey may use here.
package enum COSEAlgorithm: Int, CaseIterable, Sendable {
    /// ECDSA with SHA-256 on P-256.
    case es256 = -7
    /// EdDSA; in WebAuthn always Ed25519.
    case edDSA = -8
    /// RSASSA-PKCS1-v1_5 with SHA-256.
    case rs256 = -257
}
