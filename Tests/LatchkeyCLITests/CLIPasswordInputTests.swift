import Foundation
import Testing

@testable import LatchkeyTestSupport

/// Passwords read from standard input: bytes that are not UTF-8 and NULs are refused (exit 65),
/// never turned into other characters.
@Suite(.tags(.binary)) struct CLIPasswordInputTests {
    let cli = CLIHarness()

    @Test func invalidUTF8PasswordsAreRefusedNotTurnedIntoReplacementCharacters() throws {
        let invalid = try cli.runBytes(
            ["register", "alice", "--password-stdin"], stdin: [UInt8](repeating: 0xFF, count: 20) + [10])
        expectOneLine(invalid, 65)
        #expect(invalid.stderr.contains("UTF-8"))
        try cli.registerAndLogin()
        let login = try cli.runBytes(
            ["login", "alice", "--password-stdin"], stdin: [UInt8](repeating: 0xFE, count: 20) + [10])
        expectOneLine(login, 65)
    }

    @Test func aPasswordOfNULBytesIsRefused() throws {
        let result = try cli.runBytes(
            ["register", "alice", "--password-stdin"], stdin: [UInt8](repeating: 0, count: 20) + [10])
        expectOneLine(result, 65)
        #expect(try cli.query("SELECT count(*) FROM users") == ["0"])
    }
}
