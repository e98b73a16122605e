/// An email address, checked for shape only: one `@`, a local part, a dotted domain, at most 254 bytes.
package struct EmailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address as given (compared by its `key`).
    package let value: String

    /// Why an email address was refused.
    package struct Problem: Error, Sendable, Hashable {}

    /// Checks `input`: no spaces, nothing a terminal would act on (see `TerminalSafeText`), exactly
    /// one `@`, a non-empty local part and a domain with an inner dot.
    package init(_ input: String) throws(Problem) {
        guard input.utf8.count <= 254 else { throw Problem() }
        // Printable ASCII without a space, nearly every address, needs no look-up of Unicode's tables.
        let plain = input.utf8.allSatisfy { (0x21...0x7E).contains($0) }
        guard
            plain
                || (TerminalSafeText.isSafe(input) && !input.unicodeScalars.contains(where: \.properties.isWhitespace))
        else { throw Problem() }
        let parts = input.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { throw Problem() }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { throw Problem() }
        value = input
    }

    package var description: String { value }

    /// What two addresses must differ in to be two accounts: the local part in NFC with Unicode's
    /// full case folding, at the domain's IDNA A-labels (computed here, so every storage engine
    /// enforces the same uniqueness). The address itself is kept and shown as it was typed.
    package var key: String { EmailKey.of(value) }
}
