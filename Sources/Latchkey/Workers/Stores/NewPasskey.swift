import Foundation

/// A verified registration, ready to be stored for an account.
struct NewPasskey: Sendable, Hashable {
    let credentialID: [UInt8]
    let publicKey: [UInt8]
    let algorithm: Int
    let signCount: UInt32
    let name: String
    let aaguid: [UInt8]
    let attestationFormat: String
    let transports: [String]
    let backupEligible: Bool
    let backedUp: Bool
    let userVerified: Bool
}
