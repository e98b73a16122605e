import Foundation
import Testing

@testable import LatchkeyTestSupport

@Suite(.tags(.binary)) struct CLISecurityTests {
    let cli: CLIHarness
    let password = CLIHarness.password
    let newPassword = "an entirely new passphrase"

    init() throws {
        cli = CLIHarness()
    }

    @Test func afterFiveFailuresAnExistingAndAnUnknownNameGetTheSameRefusal() throws {
        try cli.registerAndLogin()
        var refusals: [CLIResult] = []
        for name in ["alice", "nobody"] {
            for _ in 0..<5 {
                let failed = try cli.run(["login", name, "--password-stdin"], stdin: "wrong password, again\n")
                #expect(failed.stderr == "latchkey: Invalid username or password.\n")
            }
            refusals.append(try cli.run(["login", name, "--password-stdin"], stdin: password + "\n"))
        }
        #expect(refusals.map(\.status) == [1, 1])
        #expect(refusals.map(\.stderr) == Array(repeating: "latchkey: Too many attempts. Try again later.\n", count: 2))
        #expect(refusals[0].stdout == refusals[1].stdout)
    }

    @Test func passwdWithTwoLinesChangesThePasswordAndSignsOutOtherSessions() throws {
        try cli.registerAndLogin()
        let otherSession = try String(contentsOfFile: cli.sessionFile, encoding: .utf8)
        _ = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n")
        let changed = try cli.run(["passwd", "--password-stdin"], stdin: "\(password)\n\(newPassword)\n")
        #expect(changed.status == 0)
        #expect(changed.stderr == "Password changed. 1 other session was signed out.\n")
        #expect(try cli.run(["whoami"]).status == 0)
        try otherSession.write(toFile: cli.sessionFile, atomically: true, encoding: .utf8)
        chmod(cli.sessionFile, 0o600)
        #expect(try cli.run(["whoami"]).status == 1)
        #expect(try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n").status == 1)
        #expect(try cli.run(["login", "alice", "--password-stdin"], stdin: newPassword + "\n").status == 0)
    }

    @Test func passwdRefusesAWrongCurrentPasswordAndAWeakNewOne() throws {
        try cli.registerAndLogin()
        let wrong = try cli.run(["passwd", "--password-stdin"], stdin: "not the password at all\n\(newPassword)\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "latchkey: The current password is wrong.\n")
        let weak = try cli.run(["passwd", "--password-stdin"], stdin: "\(password)\n1q2w3e4r5t6y7u8i9o0p\n")
        #expect(weak.status == 65)
        #expect(weak.stderr == "latchkey: Password refused: it is one of the most common passwords. Choose another.\n")
        let missing = try cli.run(["passwd", "--password-stdin"], stdin: "\(password)\n")
        #expect(missing.status == 64)
    }

    @Test func passwdWithoutASessionExitsOne() throws {
        let result = try cli.run(["passwd", "--password-stdin"], stdin: "\(password)\n\(newPassword)\n")
        #expect(result.status == 1)
        #expect(result.stderr == "latchkey: Not signed in.\n")
    }

    @Test func registerRefusesACommonPasswordInAnyCaseOrWidth() throws {
        for variant in ["1Q2W3E4R5T6Y7U8I9O0P", "１ｑ２ｗ３ｅ４ｒ５ｔ６ｙ７ｕ８ｉ９ｏ０ｐ"] {
            let result = try cli.run(["register", "alice", "--password-stdin"], stdin: variant + "\n")
            #expect(result.status == 65)
            #expect(result.stderr.contains("most common passwords"))
        }
    }

    @Test func historyListsTheSignedInUsersEventsAsTextAndJSON() throws {
        _ = try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        _ = try cli.run(["login", "alice", "--password-stdin"], stdin: "wrong password, again\n")
        _ = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n")
        let text = try cli.run(["history"])
        #expect(text.status == 0)
        #expect(
            text.stdout.split(separator: "\n").map { $0.split(separator: "  ").last.map(String.init) ?? "" } == [
                "Signed in", "Sign-in failed: wrong password", "Account created",
            ])
        let json = try cli.run(["history", "--json", "--limit", "2"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.map { $0["kind"] as? String } == ["login_succeeded", "login_failed"])
        #expect(Set(events[0].keys) == CLIJSONTests.eventKeys)
        #expect(try cli.run(["history", "--limit", "0"]).status == 64)
    }

    @Test func whoamiShowsTheSignInBeforeThisOne() throws {
        try cli.registerAndLogin()
        let first = try cli.run(["whoami", "--json"])
        let firstObject = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
        #expect(firstObject?["last_sign_in"] is NSNull)
        _ = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n")
        let second = try cli.run(["whoami"])
        #expect(second.stdout.contains("Last sign-in:    20"))
    }

    @Test func aPasswordTypedAsAUsernameIsStoredOnlyAsAKeyedHash() throws {
        try cli.registerAndLogin()
        let typo = "MySecretPassword123"
        _ = try cli.run(["login", typo, "--password-stdin"], stdin: "whatever it is\n")
        let stored = try cli.query(
            "SELECT username_key FROM auth_events UNION ALL SELECT throttle_key FROM login_throttle")
        #expect(!stored.contains { $0.lowercased().contains("mysecret") })
        #expect(stored.contains { $0.hasPrefix("hmac:") })
        #expect(FileManager.default.fileExists(atPath: cli.database + ".key"))
        #expect(try permissions(of: cli.database + ".key") == 0o600)
    }
}
