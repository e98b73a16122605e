import Foundation

/// A passkey as stored: its credential, public key and what the authenticator said about it.
struct StoredPasskey: Sendable, Hashable {
    let id: Int64
    let userID: Int64
    /// The credential ID the authenticator chose (at most 1023 bytes).
    let credentialID: [UInt8]
    /// The credential's public key, the COSE_Key bytes as registered.
    let publicKey: [UInt8]
    /// Its COSE algorithm: -7 (ES256), -8 (EdDSA) or -257 (RS256).
    let algorithm: Int
    let signCount: UInt32
    let name: String
    let aaguid: [UInt8]
    let attestationFormat: String
    let transports: [String]
    let backupEligible: Bool
    let backedUp: Bool
    /// Whether the authenticator verified the user when the passkey was registered.
    let userVerified: Bool
    let createdAt: Date
    let lastUsedAt: Date?
    /// When a sign-in presented a counter lower than the stored one (a possible clone), if ever.
    let counterRegressedAt: Date?

    /// The short public name of the passkey: 8 hex digits of its credential ID's SHA-256.
    var shortID: String { Hex.encode(Array(SHA256Digest.hash(credentialID).prefix(4))) }
}
