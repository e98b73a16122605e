/// A personal access token: `lkp_` and the shape of `ChecksummedSecret` (secret scanners know it).
/// Stored only as its SHA-256. Its description is redacted so it cannot end up in a log by accident.
package struct AccessToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The prefix that makes an access token recognizable (sessions use `lk_`).
    package static let prefix = "lkp_"
    /// The length of a token's text, prefix included.
    package static let textLength = ChecksummedSecret.textLength(prefix: prefix)

    /// The full token text. Handle with care: this is the secret.
    package let secret: String

    /// Accepts text of the token's exact shape whose checksum matches, nil otherwise.
    package init?(_ text: String) {
        guard ChecksummedSecret.isWellFormed(text, prefix: Self.prefix) else { return nil }
        secret = text
    }

    /// A new token from the system's CSPRNG.
    static func make() -> AccessToken {
        AccessToken(ChecksummedSecret.make(prefix: prefix))!
    }

    /// The SHA-256 kept in the database in place of the token.
    var hash: [UInt8] { SHA256Digest.hash(Array(secret.utf8)) }

    /// Whether `text` claims to be an access token (its prefix), whatever its shape.
    package static func looksLikeOne(_ text: String) -> Bool { text.hasPrefix(prefix) }

    package var description: String { Self.prefix + "…(redacted)" }
    package var debugDescription: String { description }
}
