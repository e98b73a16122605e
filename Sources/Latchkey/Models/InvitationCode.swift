/// An invitation code: `lki_`, 30 random base62 characters (178 bits, from libsodium) and 6 base62
/// characters of the CRC-32 of the random part, as access tokens are made. The checksum lets a
/// mistyped code be refused before any database read; it protects nothing. Stored only as its
/// SHA-256. Its description is redacted so it cannot end up in a log by accident.
package struct InvitationCode: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The prefix that makes an invitation code recognizable.
    package static let prefix = "lki_"
    static let randomLength = 30
    static let checksumLength = 6
    /// The length of a code's text, prefix included.
    package static let textLength = prefix.utf8.count + randomLength + checksumLength

    /// The full code text. Handle with care: this is the secret.
    package let secret: String

    /// Accepts text of the code's exact shape whose checksum matches, nil otherwise.
    package init?(_ text: String) {
        let utf8 = Array(text.utf8)
        guard text.hasPrefix(Self.prefix), utf8.count == Self.textLength,
            utf8.dropFirst(Self.prefix.utf8.count).allSatisfy(Base62.isDigit)
        else { return nil }
        let random = utf8[Self.prefix.utf8.count..<(Self.textLength - Self.checksumLength)]
        guard Array(utf8.suffix(Self.checksumLength)) == Self.checksum(of: random) else { return nil }
        secret = text
    }

    /// A new code from the system's CSPRNG.
    static func make() -> InvitationCode {
        let random = Base62.random(count: randomLength)
        let text = prefix + String(decoding: random + checksum(of: random[...]), as: UTF8.self)
        return InvitationCode(text)!
    }

    /// The SHA-256 kept in the database in place of the code.
    var hash: [UInt8] { SHA256Digest.hash(Array(secret.utf8)) }

    package var description: String { Self.prefix + "…(redacted)" }
    package var debugDescription: String { description }

    /// The CRC-32 of `random`, as 6 base62 digits, most significant first.
    private static func checksum(of random: ArraySlice<UInt8>) -> [UInt8] {
        Base62.digits(UInt64(CRC32.checksum(random)), count: checksumLength)
    }
}
