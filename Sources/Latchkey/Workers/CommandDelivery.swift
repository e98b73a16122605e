import Foundation
import Synchronization

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
    /// The commands running now, so a shutdown can end them; shared by the copies of this value.
    private let running = RunningCommands()

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
        guard running.add(process.processIdentifier) else {
            // Cancelled while it started: it goes the way the ones running went.
            Self.killGroup(of: process.processIdentifier)
            _ = finished.wait(timeout: .now() + 5)
            throw Failed(description: "the delivery command was ended: the service is shutting down")
        }
        defer { running.remove(process.processIdentifier) }
        var object = try JSONSerialization.data(withJSONObject: json(message), options: [.sortedKeys])
        object.append(UInt8(ascii: "\n"))
        try? input.fileHandleForWriting.write(contentsOf: object)
        try? input.fileHandleForWriting.close()
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            Self.killGroup(of: process.processIdentifier)
            _ = finished.wait(timeout: .now() + 5)
            throw Failed(description: "the delivery command ran past \(timeout) and was killed")
        }
        if running.wasCancelled(process.processIdentifier) {
            throw Failed(description: "the delivery command was ended: the service is shutting down")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failed(description: "the delivery command failed (status \(process.terminationStatus))")
        }
    }

    /// Kills every command running now with its process group, and any started from now on: their
    /// `deliver` calls throw `Failed`.
    public func cancelRunning() {
        for pid in running.cancelAll() { Self.killGroup(of: pid) }
    }

    /// Foundation starts the command in a process group of its own (its pid is the group's id): kill
    /// the whole group, so a shell's children (the mailer it started) go too and the pipe closes.
    private static func killGroup(of pid: pid_t) {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
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

/// The process ids of the delivery commands running now, and whether they were cancelled; behind a
/// lock, shared by every copy of one `CommandDelivery`.
private final class RunningCommands: Sendable {
    private struct State {
        var running: Set<pid_t> = []
        var cancelledIDs: Set<pid_t> = []
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Records a started command; false when cancelled already (the caller kills it).
    func add(_ pid: pid_t) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.running.insert(pid)
            return true
        }
    }

    func remove(_ pid: pid_t) {
        state.withLock { state in
            state.running.remove(pid)
            state.cancelledIDs.remove(pid)
        }
    }

    /// True when `pid` was running when `cancelAll` was called.
    func wasCancelled(_ pid: pid_t) -> Bool { state.withLock { $0.cancelledIDs.contains(pid) } }

    /// Marks every command cancelled, now and from now on, and answers those running.
    func cancelAll() -> Set<pid_t> {
        state.withLock { state in
            state.cancelled = true
            state.cancelledIDs.formUnion(state.running)
            return state.running
        }
    }
}
