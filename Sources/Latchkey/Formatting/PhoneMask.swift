/// Masks a phone number for display: the calling code and the last two digits stay, every other
/// digit becomes `•`, grouped after the national pattern where one is known.
package enum PhoneMask {
    /// The character that stands in for each hidden digit.
    package static let hiddenDigit: Character = "•"

    /// National patterns by calling code and national length; `#` is a digit, anything else is kept.
    static let patterns: [String: [Int: String]] = [
        "1": [10: "(###) ###-####"],
        "7": [10: "(###) ###-##-##"],
        "33": [9: "# ## ## ## ##"],
        "34": [9: "### ### ###"],
        "39": [10: "### ### ####"],
        "44": [10: "#### ######"],
        "49": [10: "### #######", 11: "#### #######"],
        "55": [11: "(##) #####-####"],
        "61": [9: "### ### ###"],
        "81": [10: "##-####-####"],
        "86": [11: "### #### ####"],
        "91": [10: "##### #####"],
        "971": [9: "## ### ####"],
        "998": [9: "## ### ## ##"],
    ]

    /// `+<code> <masked national number>`, e.g. `+7 (•••) •••-••-33`.
    /// Built byte by byte (the number and the patterns are ASCII): every whoami shows it, and a
    /// Character at a time cost a sixth of a session check.
    package static func mask(_ phone: PhoneNumber) -> String {
        let national = phone.nationalNumber.utf8
        let hiddenCount = max(national.count - 2, 0)
        let pattern = patterns[phone.callingCode]?[national.count] ?? plainPattern(national.count)
        var text: [UInt8] = []
        text.reserveCapacity(2 + phone.callingCode.utf8.count + pattern.utf8.count * 3)
        text.append(UInt8(ascii: "+"))
        text.append(contentsOf: phone.callingCode.utf8)
        text.append(UInt8(ascii: " "))
        var digits = national.makeIterator()
        var position = 0
        for byte in pattern.utf8 {
            guard byte == UInt8(ascii: "#") else {
                text.append(byte)
                continue
            }
            // A digit the pattern has no room for is dropped; a place with no digit left is hidden.
            if let digit = digits.next(), position >= hiddenCount {
                text.append(digit)
            } else {
                // "•" (U+2022) in UTF-8.
                text.append(0xE2)
                text.append(0x80)
                text.append(0xA2)
            }
            position += 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Groups of three from the left, the last group holding what is left (one to three digits).
    static func plainPattern(_ count: Int) -> String {
        var groups: [String] = []
        var left = count
        while left > 0 {
            let size = left == 4 ? 2 : min(3, left)
            groups.append(String(repeating: "#", count: size))
            left -= size
        }
        return groups.joined(separator: " ")
    }
}
