/// Makes stored text safe to print: every code point a terminal could act on (see
/// `TerminalSafeText`) becomes a visible `\u{…}` escape. New input is refused such code points; this
/// covers data written before that rule, or written to the database by hand.
package enum TerminalEscaping {
    /// `text` with each unsafe code point written as `\u{XXXX}`.
    package static func escape(_ text: String) -> String {
        guard !TerminalSafeText.isSafe(text) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if TerminalSafeText.isRefused(scalar) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
