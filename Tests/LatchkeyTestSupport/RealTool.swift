import Foundation

/// The real password tools (mkpasswd, htpasswd, openssl, argon2), run as a test would run them.
enum RealTool {
    struct Failure: Error {
        let tool: String
    }

    /// Runs `tool` with `arguments`, the password on stdin; its first line (after `prefix`, if any).
    static func output(_ tool: String, _ arguments: [String], stdin: String?, after prefix: String = "")
        throws -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(tool: tool) }
        let line = String(text.split(separator: "\n").first ?? "")
        return String(line.dropFirst(prefix.count))
    }
}
