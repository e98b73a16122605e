import Foundation
import Testing

@testable import LatchkeyTestSupport

// On Linux `stat` is declared by several C modules (glibc's, CoreFoundation's, Dispatch's) and which
// one the compiler credits varies from build to build: importing them all keeps its members visible.
#if os(Linux)
    import CDispatch
    import CoreFoundation
    import Glibc
#endif

/// The CLI holds passwords, codes and tokens in memory: it makes itself non-dumpable before reading
/// any, so no core file and no other process of the same user (ptrace, /proc/PID/mem) can reach them.
@Suite(.tags(.binary)) struct CLIProcessHardeningTests {
    let cli = CLIHarness()

    /// The kernel shows a non-dumpable process's /proc files as root's: run the CLI as an
    /// unprivileged user (nobody, when the tests run as root) and look while it waits for a password.
    @Test func theCLIIsNotDumpableWhileItWaitsForAPassword() throws {
        let process = Process()
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = [
                "--reuid=65534", "--regid=65534", "--clear-groups", "--", CLIHarness.binary, "login", "alice",
                "--password-stdin",
            ]
        } else {
            process.executableURL = URL(fileURLWithPath: CLIHarness.binary)
            process.arguments = ["login", "alice", "--password-stdin"]
        }
        process.environment = cli.environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        let proc = "/proc/\(process.processIdentifier)"
        // Blocked reading the empty pipe: past main's start, holding no secret yet.
        let waiting = ContinuousClock.now + .seconds(30)
        while process.isRunning && ContinuousClock.now < waiting {
            let channel = (try? String(contentsOfFile: proc + "/wchan", encoding: .utf8)) ?? ""
            if channel.contains("pipe_read") { break }
            sched_yield()
        }
        try #require(process.isRunning, "the CLI ended before it read its password")
        var status = stat()
        try #require(stat(proc + "/status", &status) == 0)
        #expect(status.st_uid == 0, "/proc/PID/status belongs to uid \(status.st_uid): the process is dumpable")
    }
}
