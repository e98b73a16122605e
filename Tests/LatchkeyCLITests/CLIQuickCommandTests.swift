import Foundation
import Testing

@testable import LatchkeyTestSupport

/// `whoami` in its plain forms runs without the argument parser: it must answer exactly as the
/// parser's path does (forms the quick path leaves to the parser: a repeated flag, a `--`).
@Suite(.tags(.binary)) struct CLIQuickCommandTests {
    let cli = CLIHarness()

    @Test("whoami's plain forms print what the parser's path prints")
    func plainFormsMatchTheParser() throws {
        try cli.registerAndLogin()
        let parsed = try cli.run(["whoami", "--"])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        for form in [["whoami"], ["--database", cli.database, "whoami"], ["whoami", "--database=" + cli.database]] {
            let quick = try cli.run(form)
            #expect(quick.status == 0, "\(quick.stderr)")
            #expect(quick.stdout == parsed.stdout)
        }
        let parsedJSON = try profile(cli.run(["whoami", "--json", "--json"]))
        for form in [["whoami", "--json"], ["--json", "--database", cli.database, "whoami"]] {
            #expect(try profile(cli.run(form)) == parsedJSON)
        }
    }

    @Test("whoami without a session fails alike on both paths")
    func failuresMatchTheParser() throws {
        for json in [false, true] {
            let quick = try cli.run(["whoami"] + (json ? ["--json"] : []))
            let parsed = try cli.run(["whoami"] + (json ? ["--json"] : []) + ["--"])
            #expect(quick.status == 1)
            #expect(quick.status == parsed.status)
            #expect(quick.stderr == parsed.stderr)
            #expect(quick.stdout == parsed.stdout)
        }
    }

    @Test("login's plain form signs in, and refuses a wrong password as the parser's path does")
    func loginMatchesTheParser() throws {
        try cli.registerAndLogin()
        for json in [false, true] {
            let options = json ? ["--json"] : []
            let quick = try cli.run(["login", "alice", "--password-stdin"] + options, stdin: "wrong password here\n")
            let parsed = try cli.run(
                ["login", "alice", "--password-stdin"] + options + ["--"], stdin: "wrong password here\n")
            #expect(quick.status == 1)
            #expect(quick.status == parsed.status)
            #expect(quick.stderr == parsed.stderr)
            #expect(quick.stdout == parsed.stdout)
        }
        #expect(try cli.run(["logout"]).status == 0)
        let signedIn = try cli.run(
            ["--database", cli.database, "login", "alice", "--password-stdin", "--json"],
            stdin: CLIHarness.password + "\n")
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        #expect(try profile(cli.run(["whoami", "--json"]))["username"] as? String == "alice")
    }

    @Test(
        "a form the quick path does not know goes to the parser",
        arguments: [
            ["--password-stdin", "login", "alice"], ["login", "--password-stdin"], ["login", "alice", "bob"],
            ["whoami", "--database"], ["whoami", "--database="], ["whoami", "--database", "--json"],
            ["whoami", "extra"],
        ])
    func otherFormsAreParsed(_ arguments: [String]) throws {
        expectOneLine(try cli.run(arguments), 64)
    }

    /// The profile's JSON without the idle expiry, which a whoami may move on.
    private func profile(_ result: CLIResult) throws -> NSDictionary {
        #expect(result.status == 0, "\(result.stderr)")
        var object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        object["session_expires_if_unused"] = nil
        return object as NSDictionary
    }
}
