import Foundation

/// The short public name of a session: 8 hex digits of its token's SHA-256 (32 bits of a hash of a
/// 256-bit secret: it identifies a session among a user's few, and says nothing of the token).
enum SessionShortID {
    static func make(_ tokenHash: [UInt8]) -> String { Hex.encode(tokenHash.prefix(4)) }
}
