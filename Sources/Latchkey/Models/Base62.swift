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
