import Foundation

/// Results go to stdout, messages to stderr; `--json` prints one object per invocation.
enum Console {
    static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func message(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// One JSON object on stdout, keys sorted so the output is stable.
    static func json(_ object: [String: Any]) {
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
