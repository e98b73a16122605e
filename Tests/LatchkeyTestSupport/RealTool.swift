import Foundation

/// The real password tools (mkpasswd, htpasswd, openssl, argon2), run as a test would run them.
enum RealTool {
    struct RealToolError: Error {
        let tool: String
    }

    /// Runs `tool` with `arguments`, the password on stdin; its first line (after `prefix`, if any).
    static func output(_ tool: String, _ arguments: [String], stdin: String?, after prefix: String = "")
        throws -> String
    {
        let exit = try SpawnedProcess("/usr/bin/env", [tool] + arguments, stdin: stdin.map { Array($0.utf8) }).wait()
        let text = exit.output
        guard exit.status == 0, !exit.signalled else { throw RealToolError(tool: tool) }
        let line = String(text.split(separator: "\n").first ?? "")
        return String(line.dropFirst(prefix.count))
    }
}
