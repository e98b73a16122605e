import Foundation

/// A row of `oidc_signing_keys`: the key sealed, its JWK, and when it signs and retires.
package struct StoredSigningKey: Sendable, Hashable {
    let id: Int64
    let kid: String
    let algorithm: SigningAlgorithm
    let privateKeyBox: [UInt8]
    let publicJWK: String
    let createdAt: Date
    /// When it began signing; nil for the next key, published but not signing yet.
    let signingFrom: Date?
    /// When it stops being published and accepted; nil while none is set.
    let retireAt: Date?

    /// Whether the JWKS lists it at `now`.
    func isPublished(at now: Date) -> Bool { retireAt.map { now < $0 } ?? true }
}
