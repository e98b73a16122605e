import Foundation

/// Delivers each message by running a command with one JSON object on its standard input, as git
/// credential helpers and sendmail pipes are run: the command owns mail, SMS or a queue. The object
/// has `kind`, `to`, `username`, `display_name`, `code`, `link`, `new_address` and `expires_at`
/// (absent values are null). A command that exits non-zero, or runs past `timeout` (it is killed),
/// is a failed delivery; its own exit is what counts, even when it leaves a child running (a mailer
/// it put in the background). The code is never in the command's arguments or environment.
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

    public func deliver(_ message: OutgoingMessage) throws {
        let object = try DeliveryCommandInput(message, link: link(message)).line()
        let child: DeliveryCommandProcess
        do { child = try DeliveryCommandProcess(command: command) } catch {
            throw CommandDeliveryError(description: "cannot start the delivery command")
        }
        guard running.add(child.pid) else {
            // Cancelled while it started: it goes the way the ones running went.
            child.killUnwatched()
            throw CommandDeliveryError(description: "the delivery command was ended: the service is shutting down")
        }
        child.watch(running)
        child.send(object)
        guard let ending = child.wait(timeout) else {
            running.kill(child.pid)
            _ = child.wait(.seconds(5))
            throw CommandDeliveryError(description: "the delivery command ran past \(timeout) and was killed")
        }
        if ending.cancelled {
            throw CommandDeliveryError(description: "the delivery command was ended: the service is shutting down")
        }
        guard ending.succeeded else {
            throw CommandDeliveryError(description: "the delivery command failed (status \(ending.code))")
        }
    }

    /// Kills every command running now with its process group, and any started from now on: their
    /// `deliver` calls throw `CommandDeliveryError`.
    public func cancelRunning() {
        running.cancelAll()
    }

    /// Runs `body` with the process ids of the commands running now, under the lock their reaping
    /// takes (so each is still a child of this process while `body` runs).
    package func withRunningCommands<T>(_ body: (Set<Int32>) -> T) -> T { running.withRunning(body) }
}
