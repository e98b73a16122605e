/// A username: `SecurityPolicy.usernameLength` (3–32) of `a-z 0-9 . _ -`, starting with a letter or digit, always lower case.
package struct Username: Sendable, Hashable, CustomStringConvertible {
    /// The normalized (lower-cased) name.
    package let value: String

    /// Why a username was refused.
    package enum Problem: Error, Sendable, Hashable {
        case tooShort, tooLong, invalidCharacters, mustStartWithLetterOrDigit
    }

    /// Lower-cases `input` and checks it against the rules.
    package init(_ input: String) throws(Problem) {
        // Bounded before any work, so a huge input costs nothing.
        guard input.utf8.count <= Self.length.upperBound * 4 else { throw .tooLong }
        let lowered = String(decoding: input.utf8.map { Self.asciiLowercased($0) }, as: UTF8.self)
        let bytes = Array(lowered.utf8)
        guard bytes.allSatisfy(Self.isAllowed) else { throw .invalidCharacters }
        guard bytes.count >= Self.length.lowerBound else { throw .tooShort }
        guard bytes.count <= Self.length.upperBound else { throw .tooLong }
        guard let first = bytes.first, Self.isLetterOrDigit(first) else { throw .mustStartWithLetterOrDigit }
        value = lowered
    }

    package var description: String { value }

    /// How many characters a username has.
    package static let length = SecurityPolicy.usernameLength

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
