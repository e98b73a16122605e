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
    package static func mask(_ phone: PhoneNumber) -> String {
        let national = Array(phone.nationalNumber)
        let hiddenCount = max(national.count - 2, 0)
        let shown = national.enumerated().map { $0.offset < hiddenCount ? hiddenDigit : $0.element }
        let pattern = patterns[phone.callingCode]?[national.count] ?? plainPattern(national.count)
        var digits = shown.makeIterator()
        let grouped = String(pattern.map { $0 == "#" ? digits.next() ?? hiddenDigit : $0 })
        return "+\(phone.callingCode) \(grouped)"
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
