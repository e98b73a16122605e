package import Foundation

/// A passkey as stored: its credential, public key and what the authenticator said about it.
package struct StoredPasskey: Sendable, Hashable {
    package let id: Int64
    package let userID: Int64
    /// The credential ID the authenticator chose (at most 1023 bytes).
    package let credentialID: [UInt8]
    /// The credential's public key, the COSE_Key bytes as registered.
    package let publicKey: [UInt8]
    /// Its COSE algorithm: -7 (ES256), -8 (EdDSA) or -257 (RS256).
    package let algorithm: Int
    package let signCount: UInt32
    package let name: String
    package let aaguid: [UInt8]
    package let attestationFormat: String
    package let transports: [String]
    package let backupEligible: Bool
    package let backedUp: Bool
    /// Whether the authenticator verified the user when the passkey was registered.
    package let userVerified: Bool
    package let createdAt: Date
    package let lastUsedAt: Date?
    /// When a sign-in presented a counter lower than the stored one (a possible clone), if ever.
    package let counterRegressedAt: Date?

    /// The short public name of the passkey: 8 hex digits of its credential ID's SHA-256.
    package var shortID: String { Hex.encode(Array(SHA256Digest.hash(credentialID).prefix(4))) }
}
