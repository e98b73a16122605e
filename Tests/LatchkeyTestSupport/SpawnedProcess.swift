public import Foundation
import Latchkey
import Synchronization

/// A program run by a test: started with posix_spawn, its input read from a file, its output written
/// to files read after the exit, and reaped with waitpid by this object alone. Foundation's `Process`
/// was seen waiting forever for a child that had exited: it learns of the exit through a socket the
/// child inherits, and a long-lived process spawned at the same moment (a server, a watchdog) could
/// inherit that socket too. Here no pipe is drained and nothing but waitpid says a child has exited.
public final class SpawnedProcess: Sendable {
    /// Where the child runs: a session of its own has no controlling terminal.
    public enum Grouping: Sendable {
        /// A new session (and process group) led by the child: no terminal, as under `setsid`.
        case newSession
        /// A process group of its own in the caller's session.
        case ownGroup
        /// The caller's process group (a helper that must end with the test process).
        case callersGroup

        /// The same place, as the library's child set-up names it.
        var child: ChildProcess.Grouping {
            switch self {
            case .newSession: .newSession
            case .ownGroup: .ownGroup
            case .callersGroup: .callersGroup
            }
        }
    }

    /// How the child ended, and what it printed.
    public struct Exit: Sendable {
        /// The exit status, or the signal's number when `signalled`.
        public let status: Int32
        /// True when the child died by a signal (a trap, a kill), never by its own exit.
        public let signalled: Bool
        public let stdout: Data
        public let stderr: Data

        /// Standard output as text (invalid UTF-8 replaced).
        public var output: String { String(decoding: stdout, as: UTF8.self) }
        /// Standard error as text (invalid UTF-8 replaced).
        public var errors: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// A child still running at its deadline: it was killed with its process group.
    public struct TimedOut: Error, CustomStringConvertible {
        public let description: String
    }

    /// How long `wait()` lets a child run unless told otherwise: far beyond any test's command, so
    /// it only turns a hang into a failure that names the command.
    public static let defaultTimeout: Duration = .seconds(300)

    public let processIdentifier: pid_t
    private let command: [String]
    private let folder: String
    private let grouping: Grouping
    /// The wait status once reaped: the pid may belong to another process from then on.
    private let reaped = Mutex<Int32?>(nil)
    /// The write end of a held-back standard input, until `release` fills and closes it.
    private let heldInput = Mutex<Int32?>(nil)

    /// Starts `executable` (a path, or a name looked up in PATH) with `arguments`; `stdin` nil reads
    /// /dev/null. With `holdingInput` its standard input is a pipe that stays empty until `release`,
    /// so several children can be started and then let go at one moment.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        stdin: [UInt8]? = nil, holdingInput: Bool = false, grouping: Grouping = .newSession
    ) throws {
        var template = Array((NSTemporaryDirectory() + "/latchkey-spawn-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { throw POSIXError(.EIO) }
        folder = String(cString: created)
        command = [executable] + arguments
        self.grouping = grouping
        var input = "/dev/null"
        var pipeEnds: [Int32] = [-1, -1]
        do {
            if holdingInput {
                guard pipe(&pipeEnds) == 0 else { throw POSIXError(.EMFILE) }
                // Close-on-exec: no other child may hold the pipe open (each spawn here also closes
                // what it does not pass on).
                _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
                // A child that exits without reading must make `release` fail, not kill the tests.
                signal(SIGPIPE, SIG_IGN)
            } else if let stdin {
                input = folder + "/stdin"
                try Data(stdin).write(to: URL(fileURLWithPath: input))
            }
            processIdentifier = try Self.start(
                command, environment: environment, directory: directory, stdin: input, stdout: folder + "/stdout",
                stderr: folder + "/stderr", grouping: grouping, stdinDescriptor: holdingInput ? pipeEnds[0] : nil)
        } catch {
            pipeEnds.filter { $0 >= 0 }.forEach { close($0) }
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        if holdingInput {
            close(pipeEnds[0])
            heldInput.withLock { $0 = pipeEnds[1] }
        }
    }

    /// Writes `input` to a held-back standard input and closes it (the child sees its end). Meant
    /// for a few lines: the child reads once it is let go, so a long input simply takes its time.
    public func release(_ input: [UInt8]) {
        guard let descriptor = heldInput.withLock({ $0.take() }) else { return }
        _ = input.withUnsafeBytes { FileDescriptorOutput.writeAll($0, to: descriptor) }
        close(descriptor)
    }

    deinit {
        if let descriptor = heldInput.withLock({ $0.take() }) { close(descriptor) }
        // Never left running or a zombie: a test that threw before waiting still ends its child.
        if isRunning {
            signalGroup(SIGKILL)
            _ = reap(blocking: true)
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// False once the child has exited (it is reaped then, so its pid must not be signalled after).
    public var isRunning: Bool { reap(blocking: false) == nil }

    /// Waits for the exit (polling waitpid, so a deadline holds) and reads what the child printed;
    /// past `timeout` the child and its process group are killed and `TimedOut` is thrown.
    public func wait(timeout: Duration = SpawnedProcess.defaultTimeout) throws -> Exit {
        let deadline = ContinuousClock.now + timeout
        var pause: useconds_t = 500
        while true {
            if let status = reap(blocking: false) { return try exit(status) }
            if ContinuousClock.now >= deadline { break }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
        signalGroup(SIGKILL)
        _ = reap(blocking: true)
        let printed = (try? exit(0)).map { "\nstdout: \($0.output.suffix(2000))\nstderr: \($0.errors.suffix(2000))" }
        throw TimedOut(
            description: "\(command.joined(separator: " ")) ran past \(timeout) and was killed\(printed ?? "")")
    }

    /// Sends `signal` to the child, unless it has been reaped already.
    public func sendSignal(_ signal: Int32) {
        reaped.withLock { status in if status == nil { kill(processIdentifier, signal) } }
    }

    /// Sends `signal` to the child's process group (or the child alone when it shares the caller's),
    /// unless it has been reaped already.
    private func signalGroup(_ signal: Int32) {
        reaped.withLock { status in
            guard status == nil else { return }
            if grouping != .callersGroup { kill(-processIdentifier, signal) }
            kill(processIdentifier, signal)
        }
    }

    /// The wait status, reaping the child if it has exited; nil while it runs (`blocking`: waits).
    private func reap(blocking: Bool) -> Int32? {
        reaped.withLock { reaped in
            if let reaped { return reaped }
            var status: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(processIdentifier, &status, blocking ? 0 : WNOHANG)
            } while result == -1 && errno == EINTR
            guard result == processIdentifier else { return nil }
            reaped = status
            return status
        }
    }

    private func exit(_ status: Int32) throws -> Exit {
        let signal = status & 0x7f
        return Exit(
            status: signal == 0 ? (status >> 8) & 0xff : signal, signalled: signal != 0,
            stdout: try Data(contentsOf: URL(fileURLWithPath: folder + "/stdout")),
            stderr: try Data(contentsOf: URL(fileURLWithPath: folder + "/stderr")))
    }

    // MARK: Starting

    /// Starts `command` with its standard streams on the files at these paths (`stderr` nil: with
    /// stdout; `stdinDescriptor`, when given, in place of `stdin`), every other descriptor closed, every signal unblocked and at its default action (the
    /// test runner's threads block some, and a child inherits the mask); its pid, for the caller to
    /// reap.
    public static func start(
        _ command: [String], environment: [String: String]? = nil, directory: String? = nil, stdin: String,
        stdout: String, stderr: String?, grouping: Grouping, stdinDescriptor: Int32? = nil
    ) throws -> pid_t {
        let child = ChildProcess(grouping: grouping.child)
        if let stdinDescriptor {
            child.duplicate(stdinDescriptor, as: 0)
        } else {
            child.open(stdin, as: 0, flags: O_RDONLY)
        }
        child.open(stdout, as: 1, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)
        if let stderr {
            child.open(stderr, as: 2, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)
        } else {
            child.duplicate(1, as: 2)
        }
        // Nothing else is inherited: a descriptor of ours open in a long-lived child keeps a pipe or
        // a socket from ever reaching its end.
        guard child.closeFromThree() else { throw POSIXError(.ENOSYS) }
        if let directory {
            guard child.changeDirectory(to: directory) else { throw POSIXError(.ENOSYS) }
        }
        return try child.spawn(command, environment: environment, searchingPath: true)
    }
}
