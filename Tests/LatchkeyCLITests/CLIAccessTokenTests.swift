import Foundation
import Testing

@testable import LatchkeyTestSupport

/// `latchkey tokens` and `LATCHKEY_TOKEN` end to end, through the built binary.
@Suite(.tags(.binary)) struct CLIAccessTokenTests {
    let cli = CLIHarness()

    private func json(_ result: CLIResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func aTokenIsPrintedOnceListedAndActsForItsUserThroughLATCHKEY_TOKEN() throws {
        try cli.registerAndLogin()
        let created = try cli.run(["tokens", "create", "ci deploy", "--expires-in", "30d", "--json"])
        #expect(created.status == 0, "\(created.stderr)")
        let token = try #require(try json(created)["token"] as? String)
        #expect(token.hasPrefix("lkp_"))
        let summary = try #require(try json(created)["access_token"] as? [String: Any])
        let id = try #require(summary["id"] as? String)

        let listed = try cli.run(["tokens", "list"])
        #expect(listed.stdout.contains("\(id)  ci deploy (no roles)"))
        #expect(!listed.stdout.contains(token))

        let whoami = try cli.run(["whoami", "--json"], extraEnvironment: ["LATCHKEY_TOKEN": token])
        #expect(whoami.status == 0, "\(whoami.stderr)")
        #expect(try json(whoami)["username"] as? String == "alice")
        // The use is recorded, with the program that made it.
        let used = try #require(
            (try json(try cli.run(["tokens", "list", "--json"]))["tokens"] as? [[String: Any]])?.first)
        #expect(used["last_used"] is String)
        #expect((used["last_used_user_agent"] as? String)?.hasPrefix("latchkey CLI, ") == true)

        #expect(try cli.run(["tokens", "revoke", id]).status == 0)
        let revoked = try cli.run(["whoami"], extraEnvironment: ["LATCHKEY_TOKEN": token])
        #expect(revoked.status == 1)
        #expect(revoked.stderr == "latchkey: Not signed in.\n")
    }

    @Test("passwd revokes the tokens unless --keep-tokens, admin set-password always, and both say how many")
    func recoveryRevokesTheTokensAndSaysHowMany() throws {
        try cli.registerAndLogin()
        let token = try #require(try json(try cli.run(["tokens", "create", "ci", "--json"]))["token"] as? String)
        let password = CLIHarness.password
        let kept = try cli.run(
            ["passwd", "--password-stdin", "--keep-tokens", "--json"],
            stdin: password + "\nanother good passphrase\n")
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try json(kept)["access_tokens_revoked"] as? Int == 0)
        #expect(try json(kept)["access_tokens_kept"] as? Int == 1)
        #expect(try cli.run(["whoami"], extraEnvironment: ["LATCHKEY_TOKEN": token]).status == 0)

        let changed = try cli.run(
            ["passwd", "--password-stdin"], stdin: "another good passphrase\na third good passphrase\n")
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stdout + changed.stderr == "Password changed. 1 access token was revoked.\n")
        #expect(try cli.run(["whoami"], extraEnvironment: ["LATCHKEY_TOKEN": token]).status == 1)

        let second = try #require(try json(try cli.run(["tokens", "create", "ci", "--json"]))["token"] as? String)
        let set = try cli.run(
            ["admin", "set-password", "alice", "--password-stdin"], stdin: "a fourth good passphrase\n")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stderr == "Password of alice set; 1 session ended; 1 access token revoked.\n")
        #expect(try cli.run(["whoami"], extraEnvironment: ["LATCHKEY_TOKEN": second]).status == 1)
    }

    @Test func anOperatorListsAUsersTokensAndRevokesOne() throws {
        try cli.registerAndLogin()
        let created = try json(try cli.run(["tokens", "create", "ci", "--json"]))
        let token = try #require(created["token"] as? String)
        let id = try #require((created["access_token"] as? [String: Any])?["id"] as? String)

        let listed = try cli.run(["admin", "tokens", "alice", "--json"])
        #expect((try json(listed)["tokens"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [id])
        let shown = try cli.run(["admin", "show", "alice"])
        #expect(shown.stdout.contains("  token \(id)  ci (no roles)"))
        #expect(!shown.stdout.contains(token))

        let unknown = try cli.run(["admin", "revoke-token", "alice", "ffffffff"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "latchkey: alice has no access token with that id.\n")
        let revoked = try cli.run(["admin", "revoke-token", "alice", id])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(revoked.stderr == "Access token ci of alice revoked.\n")
        #expect(try cli.run(["whoami"], extraEnvironment: ["LATCHKEY_TOKEN": token]).status == 1)
        #expect(try cli.run(["history"]).stdout.contains("Access token revoked (by administrator "))
    }

    @Test(arguments: [
        ["tokens", "list"], ["tokens", "create", "another"], ["tokens", "revoke", "00000000"], ["passwd"],
        ["mfa", "enable"], ["mfa", "confirm"], ["mfa", "disable"], ["sessions"], ["history"], ["logout"],
    ])
    func commandsATokenMayNotRunSaySoAndExit1(arguments: [String]) throws {
        try cli.registerAndLogin()
        let token = try #require(try json(try cli.run(["tokens", "create", "script", "--json"]))["token"] as? String)
        let refused = try cli.run(arguments, stdin: "", extraEnvironment: ["LATCHKEY_TOKEN": token])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("latchkey: LATCHKEY_TOKEN holds an access token, which cannot "))
        #expect(!refused.stderr.contains(token))
        // The session itself is untouched.
        #expect(try cli.run(["whoami"]).status == 0)
    }

    @Test func badInputGetsOneLineAndItsExitCode() throws {
        try cli.registerAndLogin()
        let cases: [([String], Int32, String)] = [
            (["tokens", "create", "x", "--expires-in", "forever"], 64, "--expires-in takes"),
            (["tokens", "create", "x", "--expires-in", "never"], 65, "Invalid expiry"),
            (["tokens", "create", "x", "--role", "admin"], 77, "You do not hold the role admin"),
            (["tokens", "create", "bad\u{1b}[2Jname"], 65, "Invalid token name"),
            (["tokens", "revoke", "zzzz"], 65, "No access token of yours has that id."),
        ]
        for (arguments, status, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        let malformed = try cli.run(["whoami"], extraEnvironment: ["LATCHKEY_TOKEN": "lkp_notatoken"])
        #expect(malformed.status == 1)
        #expect(malformed.stderr == "latchkey: Not signed in.\n")
        #expect(try json(try cli.run(["tokens", "list", "--json"]))["tokens"] as? [Any] != nil)
    }
}
