/// The shape of Latchkey's prefixed secrets (personal access tokens, invitation codes): the prefix,
/// 30 random base62 characters (178 bits, from libsodium) and 6 base62 characters of the CRC-32 of
/// the random part, as GitHub's tokens carry one. The checksum lets a secret scanner recognise a
/// leaked one and lets a mistyped one be refused before any database read; it protects nothing.
enum ChecksummedSecret {
    static let randomLength = 30
    static let checksumLength = 6

    /// The length of a secret's text under `prefix`, prefix included.
    static func textLength(prefix: String) -> Int { prefix.utf8.count + randomLength + checksumLength }

    /// Whether `text` has the exact shape under `prefix` and its checksum matches.
    static func isWellFormed(_ text: String, prefix: String) -> Bool {
        let utf8 = Array(text.utf8)
        let length = textLength(prefix: prefix)
        guard text.hasPrefix(prefix), utf8.count == length, utf8.dropFirst(prefix.utf8.count).allSatisfy(Base62.isDigit)
        else { return false }
        let random = utf8[prefix.utf8.count..<(length - checksumLength)]
        return Array(utf8.suffix(checksumLength)) == checksum(of: random)
    }

    /// A new secret's text under `prefix`, from the system's CSPRNG.
    static func make(prefix: String) -> String {
        let random = Base62.random(count: randomLength)
        return prefix + String(decoding: random + checksum(of: random[...]), as: UTF8.self)
    }

    /// The CRC-32 of `random`, as 6 base62 digits, most significant first.
    private static func checksum(of random: ArraySlice<UInt8>) -> [UInt8] {
        Base62.digits(UInt64(CRC32.checksum(random)), count: checksumLength)
    }
}
