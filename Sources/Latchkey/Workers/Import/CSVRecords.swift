/// RFC 4180 records from an import file: fields separated by commas, optionally in double quotes
/// (which may hold commas, line ends and `""` for a quote), records ended by `\n` or `\r\n`. A
/// malformed quote stops the import with its line (nothing is imported); empty lines are skipped.
struct CSVRecords {
    private var bytes: ImportBytes
    /// The line the file has reached.
    private(set) var lineNumber = 1
    /// A record's most bytes, as for a line.
    static let limit = 64 * 1024

    init(_ bytes: ImportBytes) {
        self.bytes = bytes
    }

    /// The share of the file read so far, when its size is known.
    var fraction: Double? { bytes.fraction }

    /// The next record's fields (bytes, not yet text) and the line it starts on; nil at the end.
    mutating func next() throws(ImportFileProblem) -> (line: Int, fields: [[UInt8]])? {
        while true {
            let start = lineNumber
            guard let fields = try record() else { return nil }
            if fields.count == 1 && fields[0].isEmpty { continue }  // an empty line
            return (start, fields)
        }
    }

    private enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

    private mutating func record() throws(ImportFileProblem) -> [[UInt8]]? {
        var fields: [[UInt8]] = []
        var field: [UInt8] = []
        var state = State.fieldStart
        var size = 0
        var sawAny = false
        let start = lineNumber
        while let byte = try bytes.next() {
            sawAny = true
            size += 1
            guard size <= Self.limit else {
                throw ImportFileProblem(line: start, message: "The record on line \(start) is longer than 64 KiB.")
            }
            switch (state, byte) {
            case (.quoted, UInt8(ascii: "\"")): state = .quoteInQuoted
            case (.quoted, _):
                if byte == UInt8(ascii: "\n") { lineNumber += 1 }
                field.append(byte)
            case (.quoteInQuoted, UInt8(ascii: "\"")):
                field.append(byte)
                state = .quoted
            case (.fieldStart, UInt8(ascii: "\"")): state = .quoted
            case (.unquoted, UInt8(ascii: "\"")):
                throw ImportFileProblem(
                    line: lineNumber, message: "Line \(lineNumber): a quote inside an unquoted field.")
            case (_, UInt8(ascii: ",")):
                fields.append(field)
                field = []
                state = .fieldStart
            case (_, UInt8(ascii: "\n")):
                lineNumber += 1
                if state != .quoteInQuoted, field.last == UInt8(ascii: "\r") { field.removeLast() }
                fields.append(field)
                return fields
            case (.quoteInQuoted, UInt8(ascii: "\r")):
                continue  // the \r of \r\n after a closing quote
            case (.quoteInQuoted, _):
                throw ImportFileProblem(
                    line: lineNumber, message: "Line \(lineNumber): text after a closing quote.")
            case (.fieldStart, _), (.unquoted, _):
                field.append(byte)
                state = .unquoted
            }
        }
        guard sawAny else { return nil }
        if state == .quoted {
            throw ImportFileProblem(
                line: start, message: "Line \(start): a quoted field is never closed (a truncated file?).")
        }
        if state == .unquoted, field.last == UInt8(ascii: "\r") { field.removeLast() }
        fields.append(field)
        return fields
    }
}
