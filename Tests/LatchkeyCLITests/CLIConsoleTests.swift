import Foundation
import Testing

@testable import LatchkeyTestSupport

/// What the CLI writes: every write is checked (a full or closed stream is exit 74 and one line,
/// never a trap), and text from the database is escaped before it reaches a terminal.
@Suite(.tags(.binary)) struct CLIConsoleTests {
    let cli = CLIHarness()

    @Test func aFullStandardOutputExitsSeventyFourWithOneLineAndNoTrap() throws {
        try cli.registerAndLogin()
        let result = try CLIHarness.run(
            "/bin/sh", ["-c", "exec \"$0\" whoami >/dev/full", CLIHarness.binary], environment: cli.environment,
            stdin: nil)
        expectOneLine(result, 74)
        let closed = try CLIHarness.run(
            "/bin/sh", ["-c", "exec \"$0\" whoami >&-", CLIHarness.binary], environment: cli.environment, stdin: nil)
        expectOneLine(closed, 74)
        let fullError = try CLIHarness.run(
            "/bin/sh", ["-c", "exec \"$0\" whoami --bogus 2>/dev/full", CLIHarness.binary],
            environment: cli.environment, stdin: nil)
        #expect(fullError.status == 64)
        #expect(!fullError.signalled)
    }

    @Test func olderDataWithControlCharactersIsEscapedOnDisplay() throws {
        try cli.registerAndLogin()
        try cli.tamper(
            "UPDATE users SET display_name = 'Bob' || char(8232) || '  Email: admin@corp.example' || char(27) || '[2J'")
        let whoami = try cli.run(["whoami"])
        #expect(whoami.status == 0)
        #expect(whoami.stdout.contains("\\u{2028}"))
        #expect(!whoami.stdout.contains("\u{2028}"))
        #expect(!whoami.stdout.contains("\u{1B}"))
    }
}
