/// Text that may reach a terminal: refuses what could move the cursor, reorder what follows or hide
/// itself (C0/C1 controls, bidi controls U+202A–202E and U+2066–2069, line and paragraph separators,
/// zero-width and other default-ignorable code points), so `--name $'Bob\u{2028}Email: …'` cannot
/// fake a line of someone's card.
enum TerminalSafeText {
    /// True when `scalar` may not be stored in a name or an address.
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .format, .surrogate, .privateUse, .unassigned:
            return true
        default:
            return properties.isDefaultIgnorableCodePoint || properties.isBidiControl
                || properties.isNoncharacterCodePoint
        }
    }

    /// True when `text` holds no refused code point.
    static func isSafe(_ text: String) -> Bool {
        // Printable ASCII (nearly every name and address) needs no look-up of Unicode's tables.
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) } || !text.unicodeScalars.contains(where: isRefused)
    }
}
