/// A confidential OpenID Connect client's secret: `lks_` and 32 random bytes in base64url. Shown
/// once; the database keeps only its SHA-256 (it is high-entropy, so a plain hash is enough, as for
/// session tokens). Its description is redacted so it cannot end up in a log by accident.
package struct OIDCClientSecret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The prefix that makes a client secret recognizable.
    package static let prefix = "lks_"

    /// The full secret text. Handle with care.
    package let secret: String

    private init(secret: String) {
        self.secret = secret
    }

    /// A new secret from the system's CSPRNG.
    static func make() -> OIDCClientSecret {
        OIDCClientSecret(secret: prefix + Base64.urlSafe(RandomBytes.make(32)))
    }

    /// The SHA-256 of `text`: what is stored, and what a presented secret is compared by.
    static func hash(_ text: String) -> [UInt8] { SHA256Digest.hash(Array(text.utf8)) }

    /// The SHA-256 kept in the database in place of the secret.
    var hash: [UInt8] { Self.hash(secret) }

    package var description: String { Self.prefix + "…(redacted)" }
    package var debugDescription: String { description }
}
