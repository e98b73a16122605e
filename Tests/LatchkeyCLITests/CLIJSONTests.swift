import Foundation
import Testing

@testable import LatchkeyTestSupport

@Suite(.tags(.binary)) struct CLIJSONTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    private func object(_ text: String) throws -> [String: Any] {
        #expect(text.hasSuffix("}\n"))
        #expect(text.filter { $0 == "\n" }.count == 1, "one object per invocation")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The principal, as the service and `GET /v1/me` answer it: one shape everywhere.
    static let profileKeys: Set<String> = [
        "user_id", "username", "display_name", "email", "email_verified", "pending_email", "phone", "member_since",
        "last_sign_in", "roles", "second_factor", "recovery_codes_left", "credential", "session", "session_expires",
        "session_expires_if_unused", "amr", "access_token",
    ]

    @Test func whoamiJSONHasStableKeysWithNullForWhatIsAbsent() throws {
        _ = try cli.run(["register", "bob", "--phone", "+44 20 7946 0958", "--password-stdin"], stdin: password + "\n")
        _ = try cli.run(["login", "bob", "--password-stdin"], stdin: password + "\n")
        let result = try cli.run(["whoami", "--json"])
        let json = try object(result.stdout)
        #expect(Set(json.keys) == Self.profileKeys)
        #expect(json["username"] as? String == "bob")
        #expect(json["phone"] as? String == "+44 •••• ••••58")
        #expect(json["email"] is NSNull)
        #expect(json["display_name"] is NSNull)
        #expect((json["session_expires"] as? String)?.hasSuffix("Z") == true)
        #expect(json["roles"] as? [String] == [])
    }

    @Test func registerAndLoginJSONWrapTheProfile() throws {
        let registered = try object(
            try cli.run(["register", "carol", "--json", "--password-stdin"], stdin: password + "\n").stdout)
        #expect(registered["registered"] as? Bool == true)
        #expect(Set((registered["profile"] as? [String: Any])?.keys.map { $0 } ?? []) == Self.profileKeys)

        let login = try object(
            try cli.run(["login", "carol", "--json", "--password-stdin"], stdin: password + "\n").stdout)
        #expect(Set(login.keys) == ["signed_in", "profile"])
        #expect(login["token"] == nil)
    }

    @Test func loginShowsTheTokenOnlyWhenAskedAndItIsTheSavedOne() throws {
        _ = try cli.run(["register", "dave", "--password-stdin"], stdin: password + "\n")
        let result = try cli.run(
            ["login", "dave", "--json", "--show-token", "--password-stdin"], stdin: password + "\n")
        let token = try object(result.stdout)["token"] as? String
        let saved = try String(contentsOfFile: cli.sessionFile, encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(token == saved)
    }

    @Test func failuresInJSONModeAreOneErrorObjectAndAMessageOnStderr() throws {
        let result = try cli.run(["whoami", "--json"])
        #expect(result.status == 1)
        #expect(result.stderr == "latchkey: Not signed in.\n")
        let error = try object(result.stdout)["error"] as? [String: Any]
        #expect(error?["message"] as? String == "Not signed in.")
        #expect(error?["exit_code"] as? Int == 1)
    }

    @Test func logoutJSONSaysWhatHappened() throws {
        let json = try object(try cli.run(["logout", "--json"]).stdout)
        #expect(json["signed_out"] as? Bool == true)
        #expect(json["message"] as? String == "Not signed in.")
    }

    /// A session, as `sessions --json`, `GET /v1/sessions` and the service answer it.
    static let sessionKeys: Set<String> = [
        "id", "label", "created", "last_used", "expires", "expires_if_unused", "expires_at_latest", "current",
        "address", "user_agent", "client",
    ]

    /// An event, as `history --json`, `GET /v1/history` and the service answer it.
    static let eventKeys: Set<String> = [
        "time", "kind", "reason", "description", "by_administrator", "address", "user_agent", "count",
    ]

    @Test func sessionsAndHistoryJSONCarryTheServicesKeys() throws {
        try cli.registerAndLogin()
        let sessions = try #require(
            try object(try cli.run(["sessions", "--json"]).stdout)["sessions"] as? [[String: Any]])
        #expect(sessions.count == 1)
        #expect(Set(sessions[0].keys) == Self.sessionKeys)
        #expect(sessions[0]["current"] as? Bool == true)
        #expect((sessions[0]["expires"] as? String)?.hasSuffix("Z") == true)
        let events = try #require(try object(try cli.run(["history", "--json"]).stdout)["events"] as? [[String: Any]])
        #expect(events.map { $0["kind"] as? String } == ["login_succeeded", "registered"])
        #expect(events.allSatisfy { Set($0.keys) == Self.eventKeys })
        #expect(events.map { $0["description"] as? String } == ["Signed in", "Account created"])
        #expect(events.allSatisfy { $0["by_administrator"] as? Bool == false && $0["reason"] is NSNull })
    }

    @Test("passwd and sessions revoke say in words and in counts what they ended")
    func passwdAndSessionsRevokeSayWhatTheyEnded() throws {
        try cli.registerAndLogin()
        func signIn(_ file: String) throws {
            let result = try cli.run(
                ["login", "alice", "--password-stdin"], stdin: password + "\n", extraEnvironment: cli.sessionFile(file))
            #expect(result.status == 0, "\(result.stderr)")
        }
        try signIn("phone")
        try signIn("tablet")
        let others = try object(try cli.run(["sessions", "revoke", "--others", "--json"]).stdout)
        #expect(Set(others.keys) == ["signed_out", "message", "sessions_ended", "included_current"])
        #expect(others["message"] as? String == "Signed out of 2 sessions.")
        #expect(others["sessions_ended"] as? Int == 2 && others["included_current"] as? Bool == false)

        try signIn("phone")
        try signIn("tablet")
        #expect(try cli.run(["tokens", "create", "ci"]).status == 0)
        let changed = try object(
            try cli.run(
                ["passwd", "--password-stdin", "--keep-tokens", "--json"],
                stdin: password + "\nanother good passphrase\n"
            ).stdout)
        #expect(
            Set(changed.keys) == [
                "changed", "message", "other_sessions_ended", "access_tokens_revoked", "access_tokens_kept",
            ])
        #expect(
            changed["message"] as? String
                == "Password changed. 2 other sessions were signed out. 1 access token still works "
                + "('latchkey tokens' lists it).")
        #expect(changed["other_sessions_ended"] as? Int == 2)

        let none = try cli.run(["sessions", "revoke", "--others"])
        #expect(none.status == 0 && none.stderr == "No other session to sign out.\n")
        let id = try #require(
            (try object(try cli.run(["sessions", "--json"]).stdout)["sessions"] as? [[String: Any]])?.first?["id"]
                as? String)
        let mine = try object(try cli.run(["sessions", "revoke", id, "--json"]).stdout)
        #expect(mine["message"] as? String == "Signed out of this session.")
        #expect(mine["sessions_ended"] as? Int == 1 && mine["included_current"] as? Bool == true)
    }

    @Test func helpListsTheExitCodesAndEachCommandHasExamples() throws {
        let help = try cli.run(["--help"])
        #expect(help.status == 0)
        for line in ["64  usage error", "65  invalid input", "74  storage error", "75  database busy"] {
            #expect(help.stdout.contains(line))
        }
        for command in ["register", "login", "whoami", "logout"] {
            let result = try cli.run([command, "--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("Examples:"))
        }
        #expect(try cli.run(["--version"]).stdout == "0.1.0\n")
    }
}
