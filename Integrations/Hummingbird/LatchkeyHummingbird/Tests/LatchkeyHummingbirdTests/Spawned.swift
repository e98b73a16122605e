import Foundation
import LatchkeyTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with every signal unblocked and at its default action: the test
/// runner's threads block signals, and a child inherits that mask (it would never see SIGTERM).
final class Spawned {
    let pid: pid_t

    init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        // SpawnedProcess.start also closes every other descriptor in the child: a server that kept
        // another program's pipe or Foundation's exit socket open would make a wait for that
        // program last as long as the server.
        pid = try SpawnedProcess.start(
            [executable] + arguments, environment: environment, stdin: "/dev/null", stdout: "/dev/null",
            stderr: "/dev/null", grouping: .callersGroup)
    }

    /// Sends `signal` and waits (at most `seconds`) for the exit; the exit status, or nil when the
    /// child was still running (it is then killed) or died by a signal.
    func stop(_ signal: Int32 = SIGTERM, within seconds: Double = 10) -> Int32? {
        kill(pid, signal)
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                return (status & 0x7f) == 0 ? (status >> 8) & 0xff : nil
            }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }
}

/// Runs blocking work (waiting for a child process) on a thread of its own, never on Swift's
/// cooperative pool: the live server under test answers on that pool, and a test that blocked it
/// would wait for an answer it prevents.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
