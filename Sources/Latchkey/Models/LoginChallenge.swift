package import Foundation

/// The opaque, short-lived proof that a sign-in's password was right, handed back with the second
/// factor's code. Stored only as its SHA-256; its description is redacted.
package struct LoginChallenge: Sendable, Hashable, CustomStringConvertible {
    /// The prefix that makes a challenge recognizable.
    package static let prefix = "lc_"
    /// How long a challenge waits for its code.
    static let lifetime: TimeInterval = 5 * 60

    /// The challenge's text: keep it only until the code is sent.
    package let secret: String
    /// When it stops being accepted.
    package let expiresAt: Date

    /// A challenge read back from a display (`expiresAt` is only informative there).
    package init(secret: String, expiresAt: Date = .distantFuture) {
        self.secret = secret
        self.expiresAt = expiresAt
    }

    static func make(expiresAt: Date) -> LoginChallenge {
        LoginChallenge(secret: prefix + Base64.urlSafe(RandomBytes.make(32)), expiresAt: expiresAt)
    }

    var hash: [UInt8] { SHA256Digest.hash(Array(secret.utf8)) }

    package var description: String { Self.prefix + "…(redacted)" }
}
