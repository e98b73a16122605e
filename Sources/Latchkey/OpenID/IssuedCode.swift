import Foundation

/// An authorization code's row: who signed in, for which client, and what the token endpoint must
/// check and put in the ID token.
struct IssuedCode: Sendable {
    let clientID: Int64
    let userID: Int64
    let redirectURI: String
    let scopes: [OIDCScope]
    let nonce: String?
    let codeChallenge: String?
    let authTime: Date
    let methods: [AuthenticationMethod]
    let expiresAt: Date
    let usedAt: Date?
    /// The grant it was exchanged for, while that session exists.
    let grantSessionID: Int64?
}
