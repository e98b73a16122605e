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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdinDescriptor {
            posix_spawn_file_actions_adddup2(&actions, stdinDescriptor, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let stderr {
            posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        // Nothing else is inherited: a descriptor of ours open in a long-lived child keeps a pipe or
        // a socket from ever reaching its end.
        guard gnuAction("posix_spawn_file_actions_addclosefrom_np", &actions, 3) == 0 else {
            throw POSIXError(.ENOSYS)
        }
        if let directory {
            let code = directory.withCString { path in
                gnuAction("posix_spawn_file_actions_addchdir_np", &actions, path)
            }
            guard code == 0 else { throw POSIXError(.ENOSYS) }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        switch grouping {
        case .newSession: flags |= spawnSetSID
        case .ownGroup: flags |= POSIX_SPAWN_SETPGROUP
        case .callersGroup: break
        }
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = command.map { strdup($0) } + [nil]
        let env = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            env?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code =
            if let env { posix_spawnp(&pid, command[0], &actions, &attributes, argv, env) } else {
                posix_spawnp(&pid, command[0], &actions, &attributes, argv, environ)
            }
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        return pid
    }

    /// glibc's POSIX_SPAWN_SETSID (2.26 and later), which Swift does not import: the header defines
    /// it for _GNU_SOURCE only.
    private static let spawnSetSID: Int32 = 0x80

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later) and `…_addchdir_np` (2.29
    /// and later), looked up at run time for the same reason; -1 when this C library has none.
    private static func gnuAction(
        _ name: String, _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ descriptor: Int32
    ) -> Int32 {
        typealias Function = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, name) else { return -1 }
        return unsafeBitCast(symbol, to: Function.self)(actions, descriptor)
    }

    private static func gnuAction(
        _ name: String, _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: UnsafePointer<CChar>
    ) -> Int32 {
        typealias Function =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(nil, name) else { return -1 }
        return unsafeBitCast(symbol, to: Function.self)(actions, path)
    }
}
