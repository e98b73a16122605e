/// A personal access token: `lkp_`, 30 random base62 characters (178 bits, from libsodium) and 6
/// base62 characters of the CRC-32 of the random part, as GitHub's tokens carry one. The checksum
/// lets a secret scanner recognise a leaked token and lets a mistyped one be refused before any
/// database read; it protects nothing (anyone can compute it). Stored only as its SHA-256.
/// Its description is redacted so it cannot end up in a log by accident.
package struct AccessToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The prefix that makes an access token recognizable (sessions use `lk_`).
    package static let prefix = "lkp_"
    static let randomLength = 30
    static let checksumLength = 6
    /// The length of a token's text, prefix included.
    package static let textLength = prefix.utf8.count + randomLength + checksumLength

    /// The full token text. Handle with care: this is the secret.
    package let secret: String

    /// Accepts text of the token's exact shape whose checksum matches, nil otherwise.
    package init?(_ text: String) {
        let utf8 = Array(text.utf8)
        guard text.hasPrefix(Self.prefix), utf8.count == Self.textLength,
            utf8.dropFirst(Self.prefix.utf8.count).allSatisfy(Base62.isDigit)
        else { return nil }
        let random = utf8[Self.prefix.utf8.count..<(Self.textLength - Self.checksumLength)]
        guard Array(utf8.suffix(Self.checksumLength)) == Self.checksum(of: random) else { return nil }
        secret = text
    }

    /// A new token from the system's CSPRNG.
    static func make() -> AccessToken {
        let random = Base62.random(count: randomLength)
        let text = prefix + String(decoding: random + checksum(of: random[...]), as: UTF8.self)
        return AccessToken(text)!
    }

    /// The SHA-256 kept in the database in place of the token.
    var hash: [UInt8] { SHA256Digest.hash(Array(secret.utf8)) }

    /// Whether `text` claims to be an access token (its prefix), whatever its shape.
    package static func looksLikeOne(_ text: String) -> Bool { text.hasPrefix(prefix) }

    package var description: String { Self.prefix + "…(redacted)" }
    package var debugDescription: String { description }

    /// The CRC-32 of `random`, as 6 base62 digits, most significant first.
    private static func checksum(of random: ArraySlice<UInt8>) -> [UInt8] {
        Base62.digits(UInt64(CRC32.checksum(random)), count: checksumLength)
    }
}

/// Base62 (0-9, A-Z, a-z): tokens without punctuation, selected whole by a double click.
enum Base62 {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    static func isDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default: false
        }
    }

    /// `count` uniformly random digits: bytes of 248 and above are dropped (248 = 4 × 62), so each
    /// digit is unbiased.
    static func random(count: Int) -> [UInt8] {
        var digits: [UInt8] = []
        while digits.count < count {
            for byte in RandomBytes.make(count * 2) where byte < 248 && digits.count < count {
                digits.append(alphabet[Int(byte % 62)])
            }
        }
        return digits
    }

    /// `value` in exactly `count` digits (zero-padded; `count` digits must hold it).
    static func digits(_ value: UInt64, count: Int) -> [UInt8] {
        var value = value
        var out = [UInt8](repeating: alphabet[0], count: count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            out[index] = alphabet[Int(value % 62)]
            value /= 62
        }
        return out
    }
}

/// CRC-32 (IEEE 802.3, the polynomial of zip, PNG and GitHub's token checksums), table-driven.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
