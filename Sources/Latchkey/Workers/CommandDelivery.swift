import Foundation

/// Delivers each message by running a command with one JSON object on its standard input, as git
/// credential helpers and sendmail pipes are run: the command owns mail, SMS or a queue. The object
/// has `kind`, `to`, `username`, `display_name`, `code`, `link`, `new_address` and `expires_at`
/// (absent values are null). A command that exits non-zero, or runs past `timeout` (it is killed),
/// is a failed delivery. The code is never in the command's arguments or environment.
public struct CommandDelivery: MessageDelivery {
    /// The command line, run by `/bin/sh -c`.
    public let command: String
    /// How long a delivery may run before it is killed and counted failed.
    public let timeout: Duration
    /// The link for a message's token (nil: no link in the object).
    public let link: @Sendable (OutgoingMessage) -> String?

    /// Runs `command` for each message; a message whose kind has a page in `linkBases` (such as
    /// `https://example.com/reset` for `.passwordReset`) gets a link to it with `?token=…` appended.
    public init(
        command: String, timeout: Duration = .seconds(10), linkBases: [OutgoingMessage.Kind: String] = [:]
    ) {
        self.init(command: command, timeout: timeout) { message in
            guard let base = linkBases[message.kind], let token = message.linkToken else { return nil }
            return base + (base.contains("?") ? "&" : "?") + "token=" + token
        }
    }

    /// Runs `command` for each message, with links made by `link`.
    public init(
        command: String, timeout: Duration = .seconds(10), link: @escaping @Sendable (OutgoingMessage) -> String?
    ) {
        self.command = command
        self.timeout = timeout
        self.link = link
        // A command that exits without reading its input must be a failed write, not a dead process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// What a failed delivery says (never the message).
    public struct Failed: Error, Sendable, CustomStringConvertible {
        public let description: String

        /// A failure saying `description`.
        public init(description: String) {
            self.description = description
        }
    }

    public func deliver(_ message: OutgoingMessage) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch { throw Failed(description: "cannot start the delivery command") }
        var object = try JSONSerialization.data(withJSONObject: json(message), options: [.sortedKeys])
        object.append(UInt8(ascii: "\n"))
        try? input.fileHandleForWriting.write(contentsOf: object)
        try? input.fileHandleForWriting.close()
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            // Foundation starts the command in a process group of its own: kill the whole group, so
            // a shell's children (the mailer it started) go too and the pipe closes.
            kill(-process.processIdentifier, SIGKILL)
            kill(process.processIdentifier, SIGKILL)
            _ = finished.wait(timeout: .now() + 5)
            throw Failed(description: "the delivery command ran past \(timeout) and was killed")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failed(description: "the delivery command failed (status \(process.terminationStatus))")
        }
    }

    private func json(_ message: OutgoingMessage) -> [String: Any] {
        [
            "kind": message.kind.rawValue, "to": message.to ?? NSNull(), "username": message.username,
            "display_name": message.displayName ?? NSNull(), "code": message.code ?? NSNull(),
            "link": link(message) ?? NSNull(), "new_address": message.newAddress ?? NSNull(),
            "expires_at": DateText.iso8601(message.expiresAt),
        ]
    }
}
