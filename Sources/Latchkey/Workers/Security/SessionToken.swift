/// A session token: shown once to its owner, stored only as its SHA-256.
/// Its description is redacted so it cannot end up in a log by accident.
package struct SessionToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The prefix that makes a Latchkey token recognizable (to secret scanners too).
    package static let prefix = "lk_"
    /// 32 random bytes in base64url without padding.
    static let encodedLength = 43
    /// The length of a token's text, prefix included.
    package static let textLength = prefix.utf8.count + encodedLength

    /// The full token text. Handle with care: this is the secret.
    package let secret: String

    /// Accepts text of the token's exact shape (`lk_` + 43 base64url characters), nil otherwise.
    package init?(_ text: String) {
        // Byte by byte: the prefix and the alphabet are ASCII, so any other byte (a combining mark
        // after `lk_` too) refuses the text. Every session check starts here.
        var text = text
        let valid = text.withUTF8 { bytes in
            bytes.count == Self.textLength && bytes.starts(with: Self.prefix.utf8)
                && bytes[Self.prefix.utf8.count...].allSatisfy(Base64.isURLSafe)
        }
        guard valid else { return nil }
        secret = text
    }

    /// The SHA-256 kept in the database in place of the token.
    package var hash: [UInt8] { SHA256Digest.hash(Array(secret.utf8)) }

    package var description: String { Self.prefix + "…(redacted)" }
    package var debugDescription: String { description }
}
