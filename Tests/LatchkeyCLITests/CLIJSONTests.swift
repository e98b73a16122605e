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

    static let profileKeys: Set<String> = [
        "username", "display_name", "email", "email_verified", "phone", "member_since", "last_sign_in",
        "session_expires", "roles",
        "second_factor", "recovery_codes_left",
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
