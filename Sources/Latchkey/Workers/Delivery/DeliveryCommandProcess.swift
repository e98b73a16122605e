import Foundation
import Synchronization

/// One run of a delivery command: `/bin/sh -c command` in a process group of its own, one object
/// on its standard input through a pipe, its output discarded. Spawned and reaped here rather than
/// by Foundation's `Process`, which reaps on a thread of its own before telling anyone: the exit is
/// seen first without reaping (waitid with WNOWAIT), then the pid leaves the running set and is
/// reaped under one lock, so a shutdown that kills from the set never signals a pid reused since.
final class DeliveryCommandProcess: Sendable {
    /// How the command ended: its wait status, and whether a shutdown had cancelled it.
    struct Ending: Sendable {
        let status: Int32
        let cancelled: Bool

        var succeeded: Bool { status & 0x7f == 0 && (status >> 8) & 0xff == 0 }
        /// The exit status, or the number of the signal that ended it.
        var code: Int32 { status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f }
    }

    let pid: pid_t
    /// The write end of the command's standard input.
    private let input: Int32
    private let ending = Mutex<Ending?>(nil)
    private let ended = DispatchSemaphore(value: 0)

    /// Starts `command`; throws when even the shell cannot start.
    init(command: String) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // Close-on-exec at once: another command spawned meanwhile must not hold this pipe open.
        // (Every spawn here closes what it does not pass on, which covers the moment in between.)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        defer { close(ends[0]) }
        do {
            pid = try Self.spawn(command, stdin: ends[0])
        } catch {
            close(ends[1])
            throw error
        }
        input = ends[1]
    }

    /// Watches for the exit on a thread of its own: when the command has exited, `running` forgets
    /// its pid and reaps it under its lock, and `wait` returns.
    func watch(_ running: RunningCommands) {
        let pid = pid
        Thread { [self] in
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
            let ending = running.finish(pid)
            self.ending.withLock { $0 = ending }
            ended.signal()
        }.start()
    }

    /// Writes `data` to the command's standard input and closes it. A command that exits without
    /// reading makes this a failed write (SIGPIPE is ignored), not a dead service.
    func send(_ data: Data) {
        _ = data.withUnsafeBytes { FileDescriptorOutput.writeAll($0, to: input) }
        close(input)
    }

    /// How the command ended, once `watch`'s thread has reaped it; nil past `timeout`.
    func wait(_ timeout: Duration) -> Ending? {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        guard ended.wait(timeout: .now() + seconds) == .success else { return nil }
        ended.signal()
        return ending.withLock { $0 }
    }

    /// Kills a command no one watches yet (one started as a shutdown began) and reaps it.
    func killUnwatched() {
        Self.killGroup(pid)
        close(input)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }

    /// Kills the command's process group (its pid is the group's id), so a shell's children (the
    /// mailer it started) go too.
    static func killGroup(_ pid: pid_t) {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
    }

    /// `/bin/sh -c command` in a new process group, every signal unblocked and at its default action
    /// (a caller's thread may block some, and a child inherits the mask), `stdin` as its standard
    /// input, /dev/null as its output, and no other descriptor of this process (a database file,
    /// a socket) open in it.
    private static func spawn(_ command: String, stdin: Int32) throws -> pid_t {
        let child = ChildProcess(grouping: .ownGroup)
        child.duplicate(stdin, as: 0)
        child.open("/dev/null", as: 1, flags: O_WRONLY)
        // Without closefrom (glibc before 2.34), one close for each descriptor open now.
        if !child.closeFromThree() { child.closeEachOpenNow() }
        return try child.spawn(["/bin/sh", "-c", command], searchingPath: false)
    }
}
