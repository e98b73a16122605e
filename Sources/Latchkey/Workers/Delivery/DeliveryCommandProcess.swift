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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        closeTheRest(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let words: [String] = ["/bin/sh", "-c", command]
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        return pid
    }

    /// Closes every descriptor from 3 up in the child: glibc's `posix_spawn_file_actions_addclosefrom_np`
    /// (2.34 and later, looked up at run time: Swift imports no _GNU_SOURCE declaration), else one
    /// close for each descriptor open now.
    private static func closeTheRest(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np"),
            unsafeBitCast(symbol, to: CloseFrom.self)(actions, 3) == 0
        {
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(actions, descriptor)
        }
    }
}
