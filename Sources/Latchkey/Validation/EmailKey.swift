internal import CIDN2
import Foundation

/// What two email addresses must differ in to be two accounts, computed here so every storage engine
/// enforces the same uniqueness: the local part in NFC with Unicode's full case folding (`Straße`,
/// `STRASSE` and `strasse` are one; so are `ﬁle` and `file`, and NFC and NFD spellings), and the domain
/// as IDNA 2008 A-labels through libidn2 (`bücher.example` is `xn--bcher-kva.example`).
enum EmailKey {
    /// The key of `address`; any string is keyed (older rows may hold what no longer validates).
    static func of(_ address: String) -> String {
        // Printable ASCII, nearly every address: case folding is lower-casing, and the domain is
        // already its own A-labels.
        if address.utf8.allSatisfy({ $0 < 0x80 }) { return address.lowercased() }
        guard let at = address.lastIndex(of: "@") else { return fold(address) }
        let domain = address[address.index(after: at)...]
        return fold(address[..<at]) + "@" + (aLabels(domain) ?? fold(domain))
    }

    /// NFC, Unicode's full case folding (Foundation's, not the locale's), NFC again.
    private static func fold(_ text: some StringProtocol) -> String {
        String(text).precomposedStringWithCanonicalMapping.folding(options: .caseInsensitive, locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    /// The domain in IDNA 2008 A-labels with UTS #46's non-transitional mapping (so upper case maps
    /// down and `ß` stays a letter of its own), or nil when libidn2 refuses it.
    private static func aLabels(_ domain: some StringProtocol) -> String? {
        if domain.utf8.allSatisfy({ $0 < 0x80 }) { return domain.lowercased() }
        var output: UnsafeMutablePointer<CChar>?
        let flags = Int32(IDN2_NFC_INPUT.rawValue | IDN2_NONTRANSITIONAL.rawValue)
        guard idn2_to_ascii_8z(String(domain), &output, flags) == IDN2_OK.rawValue, let output else { return nil }
        defer { idn2_free(output) }
        return String(cString: output).lowercased()
    }
}
