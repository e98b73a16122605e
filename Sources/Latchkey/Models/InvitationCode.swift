/// An invitation code: `lki_` and the shape of `ChecksummedSecret`, as access tokens are made.
/// Stored only as its SHA-256. Its description is redacted so it cannot end up in a log by accident.
package struct InvitationCode: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The prefix that makes an invitation code recognizable.
    package static let prefix = "lki_"
    /// The length of a code's text, prefix included.
    package static let textLength = ChecksummedSecret.textLength(prefix: prefix)

    /// The full code text. Handle with care: this is the secret.
    package let secret: String

    /// Accepts text of the code's exact shape whose checksum matches, nil otherwise.
    package init?(_ text: String) {
        guard ChecksummedSecret.isWellFormed(text, prefix: Self.prefix) else { return nil }
        secret = text
    }

    /// A new code from the system's CSPRNG.
    static func make() -> InvitationCode {
        InvitationCode(ChecksummedSecret.make(prefix: prefix))!
    }

    /// The SHA-256 kept in the database in place of the code.
    var hash: [UInt8] { SHA256Digest.hash(Array(secret.utf8)) }

    package var description: String { Self.prefix + "…(redacted)" }
    package var debugDescription: String { description }
}
