internal import CQRencode

/// A QR code (libqrencode) for the enrollment URI, and its drawing for a terminal.
package struct QRCode: Sendable, Hashable {
    /// Rows of modules, `true` for dark.
    package let modules: [[Bool]]

    /// The code for `text` at error-correction level M, or nil when it does not fit.
    package init?(_ text: String) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        modules = (0..<width).map { row in
            (0..<width).map { column in code.pointee.data[row * width + column] & 1 == 1 }
        }
    }

    /// Light modules around the code, as the standard asks (4 is its minimum; 2 reads well on screens).
    package static let quietZone = 2

    /// The code with Unicode half blocks, two module rows per line, light modules drawn and dark ones
    /// left as spaces, between ANSI colours that force white on black: readable whatever the
    /// terminal's own colours. Each line ends by resetting the colours.
    package func terminalText() -> String {
        let size = modules.count + 2 * Self.quietZone
        func dark(_ row: Int, _ column: Int) -> Bool {
            let (r, c) = (row - Self.quietZone, column - Self.quietZone)
            return r >= 0 && c >= 0 && r < modules.count && c < modules.count && modules[r][c]
        }
        var lines: [String] = []
        for top in stride(from: 0, to: size, by: 2) {
            var line = "\u{1B}[40;97m"
            for column in 0..<size {
                let upperLight = !dark(top, column)
                let lowerLight = top + 1 < size ? !dark(top + 1, column) : true
                line += upperLight ? (lowerLight ? "█" : "▀") : (lowerLight ? "▄" : " ")
            }
            lines.append(line + "\u{1B}[0m")
        }
        return lines.joined(separator: "\n")
    }
}
