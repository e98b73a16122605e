import Foundation
import Latchkey

/// Results go to stdout, messages to stderr. Every write is checked: a full disk or a closed stream
/// is an error the command reports (exit 74), never a trap.
enum Console {
    /// Writes one line of result to stdout.
    static func out(_ line: String) throws(CLIError) {
        try write(line + "\n", to: STDOUT_FILENO)
    }

    /// Writes one line of message to stderr.
    static func message(_ line: String) throws(CLIError) {
        try write(line + "\n", to: STDERR_FILENO)
    }

    /// One JSON object on stdout, keys sorted so the output is stable.
    static func json(_ value: some Encodable) throws(CLIError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        let data: Data
        do { data = try encoder.encode(value) } catch {
            throw CLIError(message: "Cannot encode the JSON output.", exitCode: ExitStatus.software)
        }
        try out(String(decoding: data, as: UTF8.self))
    }

    /// Writes all of `text`, retrying short writes and interruptions.
    static func write(_ text: String, to descriptor: Int32) throws(CLIError) {
        let failed = Array(text.utf8).withUnsafeBytes { FileDescriptorOutput.writeAll($0, to: descriptor) }
        guard failed == 0 else {
            let stream = descriptor == STDOUT_FILENO ? "standard output" : "standard error"
            throw CLIError(
                message: "Cannot write to \(stream): \(String(cString: strerror(failed))).",
                exitCode: ExitStatus.storage, streamFailed: descriptor)
        }
    }
}
