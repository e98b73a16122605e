import Foundation
import Testing

@testable import LatchkeyTestSupport

/// The command line: a parser error is one `latchkey: ` line and exit 64 (with an error object under
/// --json), and the options every command takes may come before the subcommand.
@Suite(.tags(.binary)) struct CLIArgumentsTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    @Test(arguments: [
        ["history", "--limit", "0", "--json"], ["whoami", "--bogus"], ["history", "--limit"],
        ["login", "alice", "--show-token"], ["frobnicate"], ["register"],
    ])
    func parserErrorsAreOneLatchkeyLineExitSixtyFour(_ arguments: [String]) throws {
        let result = try cli.run(arguments)
        expectOneLine(result, 64)
        #expect(!result.stderr.contains("Usage:"))
        if arguments.contains("--json") {
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let error = object?["error"] as? [String: Any]
            #expect(error?["exit_code"] as? Int == 64)
        }
    }

    @Test func globalOptionsWorkBeforeTheSubcommand() throws {
        try cli.registerAndLogin()
        let path = cli.home + "/other.sqlite3"
        let registered = try cli.run(
            ["--database", path, "register", "bob", "--password-stdin"], stdin: password + "\n")
        #expect(registered.status == 0, "\(registered.stderr)")
        #expect(FileManager.default.fileExists(atPath: path))
        let json = try cli.run(["--json", "whoami"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.hasPrefix("{"))
    }
}
