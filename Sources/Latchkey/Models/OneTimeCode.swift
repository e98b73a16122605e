internal import CSodium

/// A one-time code as a person types it: 8 characters of Crockford's base32 (no U, and I, L, O read
/// as 1, 1, 0, so look-alikes cannot be mistyped), 40 bits from libsodium, shown as `XXXX-XXXX`;
/// and the link token that goes with it in a URL (32 random bytes, base64url). The database keeps a
/// keyed hash of the code and the SHA-256 of the link token, never either in clear.
struct OneTimeCode: Sendable {
    /// The code, as shown (`XXXX-XXXX`).
    let code: String
    /// The token for a link (43 base64url characters).
    let linkToken: String

    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    static let length = 8

    /// A new code and link token.
    static func make() -> OneTimeCode {
        // 5 random bytes are exactly 40 bits: eight 5-bit symbols, no bias.
        let bytes = RandomBytes.make(5)
        var value = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var symbols = [UInt8](repeating: 0, count: length)
        for index in stride(from: length - 1, through: 0, by: -1) {
            symbols[index] = alphabet[Int(value & 31)]
            value >>= 5
        }
        let text = String(decoding: symbols, as: UTF8.self)
        return OneTimeCode(
            code: String(text.prefix(4)) + "-" + String(text.suffix(4)), linkToken: Base64.urlSafe(RandomBytes.make(32))
        )
    }

    /// The code as typed, in its canonical form (upper case, no spaces or dashes, I/L → 1, O → 0),
    /// or nil when it cannot be a code.
    static func normalized(_ typed: String) -> String? {
        var out: [UInt8] = []
        for byte in typed.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: " ") {
            var upper = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
            switch upper {
            case UInt8(ascii: "I"), UInt8(ascii: "L"): upper = UInt8(ascii: "1")
            case UInt8(ascii: "O"): upper = UInt8(ascii: "0")
            default: break
            }
            guard alphabet.contains(upper), out.count < length else { return nil }
            out.append(upper)
        }
        return out.count == length ? String(decoding: out, as: UTF8.self) : nil
    }

    /// The keyed hash of a typed code for `userID` and `kind` (nil when it cannot be a code): a
    /// database copied without the key file cannot be searched for codes.
    static func hash(_ typed: String, userID: Int64, kind: OneTimeCodeKind, secret: InstallationSecret) throws
        -> [UInt8]?
    {
        guard let code = normalized(typed) else { return nil }
        return try secret.mac(Array("\(kind.rawValue):\(userID):\(code)".utf8), keyID: 3, context: "lkonecod")
    }

    /// True when `typed` is the code `stored` keeps, compared in constant time.
    static func matches(_ typed: String, _ stored: StoredOneTimeCode, secret: InstallationSecret) throws -> Bool {
        guard let typedHash = try hash(typed, userID: stored.userID, kind: stored.kind, secret: secret),
            typedHash.count == stored.codeHash.count
        else { return false }
        return sodium_memcmp(typedHash, stored.codeHash, typedHash.count) == 0
    }

    /// The SHA-256 of a link token as typed, or nil when it cannot be one.
    static func linkHash(_ typed: String) -> [UInt8]? {
        guard typed.utf8.count == 43, typed.utf8.allSatisfy(Base64.isURLSafe) else { return nil }
        return SHA256Digest.hash(Array(typed.utf8))
    }
}
