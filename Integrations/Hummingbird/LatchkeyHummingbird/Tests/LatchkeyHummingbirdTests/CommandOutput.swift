import Foundation

/// What a short command printed on its standard output, read from a file once it has exited. Not a
/// pipe: a process another test spawns at the same moment can inherit the pipe's write end and keep
/// it open, and a read to the end of the pipe would then wait for that process instead.
enum CommandOutput {
    static func of(_ executable: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-output-\(UUID())")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try FileHandle(forWritingTo: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        return (process.terminationStatus, try String(contentsOf: file, encoding: .utf8))
    }
}
