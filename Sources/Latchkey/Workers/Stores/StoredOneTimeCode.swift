import Foundation

/// A live one-time code row: whose, what for, until when.
struct StoredOneTimeCode: Sendable {
    let id: Int64
    let userID: Int64
    let kind: OneTimeCodeKind
    let codeHash: [UInt8]
    /// When it was issued (the request cooldown counts from here).
    let createdAt: Date
    let expiresAt: Date
    /// For a verification code: the address it proves.
    let email: String?
}
