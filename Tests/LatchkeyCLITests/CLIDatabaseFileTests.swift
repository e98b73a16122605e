import Foundation
import Testing

@testable import LatchkeyTestSupport

/// The database file the CLI opens: another program's database and `:memory:` are refused and left
/// as they were, a new file is private whatever the path, one others can read is refused with the
/// fix, and out-of-range values written by another program are a storage error, never a trap.
@Suite(.tags(.binary)) struct CLIDatabaseFileTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    @Test func anotherProgramsDatabaseIsRefusedByteForByteUnchanged() throws {
        let path = cli.home + "/foreign.sqlite3"
        try CLIHarness.makeForeignDatabase(at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try cli.run(["--database", path, "whoami"])
        expectOneLine(result, 74)
        #expect(result.stderr.contains("not a Latchkey"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func anInMemoryDatabaseIsAUsageErrorAndLeavesNoFile() throws {
        let result = try CLIHarness.run(
            "/bin/sh",
            [
                "-c", "cd \"$1\" && exec \"$0\" register alice --password-stdin --database :memory:", CLIHarness.binary,
                cli.home,
            ],
            environment: cli.environment, stdin: password + "\n")
        expectOneLine(result, 64)
        #expect(!FileManager.default.fileExists(atPath: cli.home + "/:memory:"))
    }

    @Test func aDatabaseCreatedThroughADanglingLinkIsPrivate() throws {
        let target = cli.home + "/real.sqlite3"
        let link = cli.home + "/link.sqlite3"
        #expect(symlink(target, link) == 0)
        let result = try cli.run(["--database", link, "register", "alice", "--password-stdin"], stdin: password + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try permissions(of: target) == 0o600)
    }

    @Test func aDatabaseReadableByOthersIsRefusedWithTheFix() throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        chmod(cli.database, 0o644)
        let result = try cli.run(["whoami"])
        expectOneLine(result, 74)
        #expect(result.stderr.contains("chmod 600"))
    }

    @Test(arguments: [
        "UPDATE users SET last_login_at = 9223372036854775807",
        "UPDATE users SET created_at = -9223372036854775808",
    ])
    func outOfRangeTimesInTheDatabaseAreAStorageErrorNotATrap(_ tamper: String) throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        try cli.tamper(tamper)
        let result = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n")
        expectOneLine(result, 74)
    }

    @Test func anOutOfRangeThrottleWindowIsAStorageErrorNotATrap() throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        _ = try cli.run(["login", "alice", "--password-stdin"], stdin: "a wrong guess, long enough\n")
        try cli.tamper("UPDATE login_throttle SET window_started_at = -9223372036854775808")
        let result = try cli.run(["login", "alice", "--password-stdin"], stdin: "a wrong guess, long enough\n")
        expectOneLine(result, 74)
    }
}
