import Foundation

/// Lines of an import file (`\n` or `\r\n`), each at most `limit` bytes: a file with no newline is
/// refused at its first 64 KiB, not read whole.
struct ImportLines {
    private var bytes: ImportBytes
    private(set) var lineNumber = 0
    static let limit = 64 * 1024

    init(_ bytes: ImportBytes) {
        self.bytes = bytes
    }

    /// The share of the file read so far, when its size is known.
    var fraction: Double? { bytes.fraction }

    /// The next line's bytes without its end, or nil at the end of the file.
    mutating func next() throws(ImportFileProblem) -> [UInt8]? {
        var line: [UInt8] = []
        var sawAny = false
        while let byte = try bytes.next() {
            sawAny = true
            if byte == UInt8(ascii: "\n") { break }
            guard line.count < Self.limit else {
                throw ImportFileProblem(
                    line: lineNumber + 1,
                    message: "Line \(lineNumber + 1) is longer than 64 KiB: is this the right file?")
            }
            line.append(byte)
        }
        guard sawAny else { return nil }
        lineNumber += 1
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return line
    }
}
