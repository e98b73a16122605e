public import Foundation

/// One of the OpenID provider's signing keys, for `latchkey oidc keys`: never its private half.
public struct SigningKeySummary: Codable, Sendable, Hashable {
    /// Where a key is in its life.
    public enum State: String, Codable, Sendable, Hashable {
        /// Published ahead, so relying parties have it before it signs.
        case next
        /// Signs new tokens.
        case signing
        /// Signed until the last rotation; published until it retires, so its tokens still verify.
        case previous
        /// No longer published: tokens it signed no longer verify.
        case retired
    }

    /// The key ID, the public key's RFC 7638 thumbprint.
    public let kid: String
    public let algorithm: SigningAlgorithm
    public let state: State
    public let created: Date
    /// When it began signing, if it has.
    public let signingFrom: Date?
    /// When it retires (or retired), if set.
    public let retires: Date?

    enum CodingKeys: String, CodingKey {
        case kid, algorithm, state, created, signingFrom = "signing_from", retires
    }

    /// Every key always present, `null` for what is absent (as the CLI's JSON).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kid, forKey: .kid)
        try container.encode(algorithm, forKey: .algorithm)
        try container.encode(state, forKey: .state)
        try container.encode(created, forKey: .created)
        try container.encode(signingFrom, forKey: .signingFrom)
        try container.encode(retires, forKey: .retires)
    }

    init(_ key: StoredSigningKey, now: Date) {
        kid = key.kid
        algorithm = key.algorithm
        created = key.createdAt
        signingFrom = key.signingFrom
        retires = key.retireAt
        state =
            if !key.isPublished(at: now) {
                .retired
            } else if key.signingFrom == nil {
                .next
            } else if key.retireAt != nil {
                .previous
            } else {
                .signing
            }
    }
}
