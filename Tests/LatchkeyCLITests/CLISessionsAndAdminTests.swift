import Foundation
import Testing

@testable import LatchkeyTestSupport

/// `latchkey sessions` and `latchkey admin` end to end, through the built binary.
@Suite(.tags(.binary)) struct CLISessionsAndAdminTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    private func json(_ result: CLIResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func signIn(as file: String, label: String) throws {
        let result = try cli.run(
            ["login", "alice", "--password-stdin", "--label", label], stdin: password + "\n",
            extraEnvironment: cli.sessionFile(file))
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func sessionsListsLabelsMarksThisOneAndRevokesByIdOrAllOthers() throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        try signIn(as: "laptop", label: "work laptop")
        try signIn(as: "phone", label: "phone")
        try signIn(as: "tablet", label: "tablet")
        let listed = try json(try cli.run(["sessions", "--json"], extraEnvironment: cli.sessionFile("laptop")))
        let sessions = try #require(listed["sessions"] as? [[String: Any]])
        #expect(sessions.map { $0["label"] as? String } == ["tablet", "phone", "work laptop"])
        #expect(sessions.map { $0["current"] as? Bool } == [false, false, true])
        // A command has no address; it says which program, user and terminal opened the session.
        #expect(sessions.allSatisfy { $0["address"] is NSNull })
        let agent = try #require(sessions[0]["user_agent"] as? String)
        #expect(agent.hasPrefix("latchkey CLI, ") && agent.hasSuffix(" on no terminal"), "\(agent)")
        let phoneID = try #require(sessions[1]["id"] as? String)

        let revoked = try cli.run(["sessions", "revoke", phoneID], extraEnvironment: cli.sessionFile("laptop"))
        #expect(revoked.status == 0)
        #expect(revoked.stderr == "Signed out of 1 session.\n")
        #expect(try cli.run(["whoami"], extraEnvironment: cli.sessionFile("phone")).status == 1)

        // Options before the command reach the innermost subcommand.
        let others = try cli.run(
            ["--json", "sessions", "revoke", "--others"], extraEnvironment: cli.sessionFile("laptop"))
        #expect(others.status == 0, "\(others.stderr)")
        #expect(try json(others)["signed_out"] as? Bool == true)
        #expect(try cli.run(["whoami"], extraEnvironment: cli.sessionFile("tablet")).status == 1)
        let text = try cli.run(["sessions"], extraEnvironment: cli.sessionFile("laptop"))
        #expect(text.stdout.hasPrefix("* "))
        #expect(text.stdout.contains("work laptop"))
        #expect(text.stdout.contains("\n      from (latchkey CLI, "))
    }

    @Test func sessionsRevokeNeedsExactlyOneTargetAndRefusesAnUnknownId() throws {
        try cli.registerAndLogin()
        #expect(try cli.run(["sessions", "revoke"]).status == 64)
        #expect(try cli.run(["sessions", "revoke", "abc", "--others"]).status == 64)
        let unknown = try cli.run(["sessions", "revoke", "00000000"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "latchkey: No session of yours has that id.\n")
        #expect(try cli.run(["sessions"]).status == 0)
    }

    @Test func revokingThisSessionByIdRemovesTheSessionFile() throws {
        try cli.registerAndLogin()
        let listed = try json(try cli.run(["sessions", "--json"]))
        let id = try #require((listed["sessions"] as? [[String: Any]])?.first?["id"] as? String)
        #expect(try cli.run(["sessions", "revoke", id]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: cli.sessionFile))
    }

    @Test func adminCommandsRunTheUserBaseAndAreAuditedWithTheOperatingSystemUser() throws {
        try cli.run(
            ["register", "alice", "--email", "alice@example.com", "--phone", "+44 20 7946 0958", "--password-stdin"],
            stdin: password + "\n")
        try cli.registerAndLogin("bobby")
        let users = try json(try cli.run(["admin", "users", "--json"]))
        let rows = try #require(users["users"] as? [[String: Any]])
        #expect(rows.map { $0["username"] as? String } == ["alice", "bobby"])
        #expect(rows.first?["email"] as? String == "a•••@example.com")
        #expect(rows.first?["phone"] as? String == "+44 •••• ••••58")

        #expect(try cli.run(["admin", "roles", "bobby", "--add", "editor"]).stderr == "Roles of bobby: editor.\n")
        let card = try json(try cli.run(["whoami", "--json"]))
        #expect(card["roles"] as? [String] == ["editor"])

        // Disabling yourself while signed in works and ends your session.
        let disabled = try cli.run(["admin", "disable", "bobby"])
        #expect(disabled.status == 0)
        #expect(disabled.stderr == "Account bobby disabled; 1 session ended.\n")
        #expect(try cli.run(["whoami"]).status == 1)
        let refused = try cli.run(["login", "bobby", "--password-stdin"], stdin: password + "\n")
        #expect(refused.stderr == "latchkey: Invalid username or password.\n")
        #expect(try cli.run(["admin", "enable", "bobby"]).status == 0)

        let shown = try json(try cli.run(["admin", "show", "bobby", "--json"]))
        let events = try #require(shown["events"] as? [[String: Any]])
        #expect(events.first?["kind"] as? String == "account_enabled")
        #expect((events.first?["description"] as? String)?.contains("by administrator") == true)
    }

    @Test func anExpiredPasswordSignsInOnlyIntoPasswd() throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        #expect(try cli.run(["admin", "expire-password", "alice"]).status == 0)
        let login = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n")
        #expect(login.status == 0)
        #expect(login.stdout == "")
        #expect(login.stderr.contains("A new password is required"))
        let whoami = try cli.run(["whoami"])
        #expect(whoami.status == 1)
        #expect(whoami.stderr == "latchkey: A new password is required: change the password first.\n")
        let passwd = try cli.run(["passwd", "--password-stdin"], stdin: password + "\na brand new passphrase\n")
        #expect(passwd.status == 0, "\(passwd.stderr)")
        #expect(try cli.run(["whoami"]).status == 0)
    }

    @Test func setPasswordUnlockAndDeleteWorkAndAnUnknownUserExitsSixtyFive() throws {
        try cli.registerAndLogin()
        for _ in 0..<5 {
            _ = try cli.run(["login", "alice", "--password-stdin"], stdin: "a wrong guess, long enough\n")
        }
        #expect(try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n").status == 1)
        #expect(try cli.run(["admin", "unlock", "alice"]).status == 0)
        let set = try cli.run(
            ["admin", "set-password", "alice", "--password-stdin"], stdin: "a brand new passphrase\n")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try cli.run(["whoami"]).status == 1)
        #expect(try cli.run(["login", "alice", "--password-stdin"], stdin: "a brand new passphrase\n").status == 0)
        let weak = try cli.run(["admin", "set-password", "alice", "--password-stdin"], stdin: "short\n")
        #expect(weak.status == 65)
        #expect(try cli.run(["admin", "delete", "alice"]).status == 0)
        #expect(try cli.run(["whoami"]).status == 1)
        for command in [["show", "alice"], ["disable", "alice"], ["roles", "alice"], ["delete", "ghost"]] {
            let result = try cli.run(["admin"] + command)
            #expect(result.status == 65, "\(command)")
            #expect(result.stderr == "latchkey: No such user.\n")
        }
        #expect(try cli.query("SELECT count(*) FROM auth_events WHERE username_key = 'alice'") == ["0"])
    }

    @Test func adminRefusesADamagedOrNewerDatabaseLikeEveryOtherCommand() throws {
        try Data("not a database at all".utf8).write(to: URL(fileURLWithPath: cli.home + "/junk.sqlite3"))
        chmod(cli.home + "/junk.sqlite3", 0o600)
        let result = try cli.run(["admin", "users", "--database", cli.home + "/junk.sqlite3"])
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("latchkey: Cannot use the database"))
    }
}
