import Foundation

/// Reads a QR code back from its terminal drawing and decodes it with an independent decoder
/// (zbar's `zbarimg`), as a phone would.
enum QRReader {
    /// The module matrix (`true` = dark) of a drawing made of half blocks between ANSI colours.
    static func matrix(fromTerminalText text: String) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in text.split(separator: "\n") where line.contains(where: { "█▀▄".contains($0) }) {
            var upper: [Bool] = []
            var lower: [Bool] = []
            var rest = Substring(line)
            while let first = rest.first {
                if first == "\u{1B}", let end = rest.firstIndex(of: "m") {
                    rest = rest[rest.index(after: end)...]
                    continue
                }
                switch first {
                case "█": upper.append(false); lower.append(false)
                case "▀": upper.append(false); lower.append(true)
                case "▄": upper.append(true); lower.append(false)
                default: upper.append(true); lower.append(true)
                }
                rest = rest.dropFirst()
            }
            rows += [upper, lower]
        }
        return rows
    }

    /// What `zbarimg` reads from the matrix drawn as an image (8 pixels a module, a white margin), or nil.
    static func decode(_ matrix: [[Bool]]) throws -> String? {
        let scale = 8
        let margin = 4 * scale
        let width = (matrix.first?.count ?? 0) * scale + 2 * margin
        let height = matrix.count * scale + 2 * margin
        var pixels = [UInt8](repeating: 255, count: width * height)
        for (r, row) in matrix.enumerated() {
            for (c, dark) in row.enumerated() where dark {
                for y in 0..<scale {
                    for x in 0..<scale { pixels[(margin + r * scale + y) * width + margin + c * scale + x] = 0 }
                }
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("qr.pgm").path
        try (Data("P5\n\(width) \(height)\n255\n".utf8) + Data(pixels)).write(to: URL(fileURLWithPath: path))
        let result = try CLIHarness.run(
            "/usr/bin/env", ["zbarimg", "--raw", "-q", path], environment: ProcessInfo.processInfo.environment,
            stdinData: nil)
        guard result.status == 0 else { return nil }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
