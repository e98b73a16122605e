/// A phone number in E.164: `+`, a country calling code, then the national number; 7–15 digits in all.
package struct PhoneNumber: Sendable, Hashable, CustomStringConvertible {
    /// `+` and the digits, e.g. `+447911123456`.
    package let e164: String
    /// The country calling code, e.g. `44`.
    package let callingCode: String
    /// The digits after the calling code.
    package let nationalNumber: String

    /// Why a phone number was refused; the message says what is expected.
    package struct Problem: Error, Sendable, Hashable {
        /// What went wrong, in words for the person who typed it.
        package let reason: String
    }

    /// Parses typed input: `+` or `00`, then digits, with spaces, dashes, dots and parentheses allowed.
    package init(_ input: String) throws(Problem) {
        guard input.utf8.count <= 64 else { throw Problem(reason: "is too long") }
        var rest = Substring(input)
        while rest.first == " " { rest = rest.dropFirst() }
        while rest.last == " " { rest = rest.dropLast() }
        if rest.hasPrefix("+") {
            rest = rest.dropFirst()
        } else if rest.hasPrefix("00") {
            rest = rest.dropFirst(2)
        } else {
            throw Problem(reason: "must start with + or 00 and the country calling code")
        }
        var digits = ""
        // Code points, not Characters: "1" followed by a combining mark or a keycap is one Character
        // that compares between "0" and "9", and would reach the database as a digit.
        for scalar in rest.unicodeScalars {
            switch scalar {
            case "0"..."9": digits.unicodeScalars.append(scalar)
            case " ", "-", ".", "(", ")": continue
            default: throw Problem(reason: "may hold only digits, spaces, dashes, dots and parentheses")
            }
        }
        guard (7...15).contains(digits.count) else { throw Problem(reason: "must have 7 to 15 digits") }
        guard let code = CallingCodes.code(prefixing: digits) else {
            throw Problem(reason: "starts with no assigned country calling code")
        }
        self.init(callingCode: code, nationalNumber: String(digits.dropFirst(code.count)))
    }

    /// Reads back a number stored in E.164 (`+` and 7–15 ASCII digits), nil for anything else. Read on
    /// every whoami, so it checks the bytes directly rather than running the typed-input parser.
    package init?(e164: String) {
        let bytes = e164.utf8
        guard bytes.first == UInt8(ascii: "+"), (8...16).contains(bytes.count),
            bytes.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        let digits = e164.utf8.dropFirst()
        guard let code = CallingCodes.code(prefixing: digits) else { return nil }
        // The text read is already `+`, the code and the national number: kept, not built again.
        self.init(callingCode: code, nationalNumber: String(Substring(digits.dropFirst(code.utf8.count))), e164: e164)
    }

    private init(callingCode: String, nationalNumber: String, e164: String? = nil) {
        self.callingCode = callingCode
        self.nationalNumber = nationalNumber
        self.e164 = e164 ?? "+" + callingCode + nationalNumber
    }

    package var description: String { e164 }
}
