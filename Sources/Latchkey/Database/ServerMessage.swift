internal import CLibPQ
import Foundation

/// libpq's connection messages, made into one line without any password.
enum ServerMessage {
    static func clean(_ message: String, removing secrets: [String]) -> String {
        var line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? "no reason given"
        for secret in secrets { line = line.replacing(secret, with: "***") }
        line = line.trimmingCharacters(in: .whitespaces)
        return line.hasSuffix(".") ? line : line + "."
    }

    /// True for the messages of a server that answered but would not sign Latchkey in.
    static func isLoginRefusal(_ message: String) -> Bool {
        message.contains("authentication failed") || message.contains("no pg_hba.conf entry")
            || (message.contains("role \"") && message.contains("does not exist"))
    }

    /// True for SQLSTATE 53300 at connect ("too many clients already", "too many connections for
    /// role", reserved slots): libpq gives no code before a connection exists, only the text.
    static func isOutOfSlots(_ message: String) -> Bool {
        message.contains("too many clients") || message.contains("too many connections")
            || message.contains("remaining connection slots are reserved")
    }
}
