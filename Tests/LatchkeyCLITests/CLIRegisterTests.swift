import Foundation
import Testing

@testable import LatchkeyTestSupport

/// The profile fields `register` takes: a phone with a combining mark or a keycap, and names and
/// emails that could spoof a terminal, are invalid input (exit 65), never a storage error.
@Suite(.tags(.binary)) struct CLIRegisterTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    @Test(arguments: ["+4\u{0301}4 20 7946 0958", "+1\u{FE0F}\u{20E3} 212 555 0134", "+44 20 7946 095\u{0308}8"])
    func phonesWithCombiningMarksAreInvalidInputNotStorageErrors(_ phone: String) throws {
        let result = try cli.run(["register", "alice", "--password-stdin", "--phone", phone], stdin: password + "\n")
        expectOneLine(result, 65)
        #expect(!result.stderr.contains("CHECK"))
        #expect(try cli.query("SELECT count(*) FROM users") == ["0"])
    }

    @Test(arguments: [
        ["--name", "Bob\u{2028}  Email: admin@corp.example"], ["--name", "Bob\u{202E}nimda"],
        ["--name", "Bo\u{200B}b"],
        ["--name", "Bob\u{2066}x\u{2069}"], ["--email", "bob\u{202E}@example.com"],
        ["--email", "bob\u{9B}2J@example.com"],
        ["--email", "b\u{200B}ob@example.com"],
    ])
    func namesAndEmailsThatCouldSpoofATerminalAreRefused(_ option: [String]) throws {
        let result = try cli.run(["register", "bob", "--password-stdin"] + option, stdin: password + "\n")
        expectOneLine(result, 65)
    }
}
