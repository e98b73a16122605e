import Foundation
import Testing

@testable import LatchkeyTestSupport

/// `latchkey profile` and `latchkey verify-email` through the built binary, with a real delivery command.
@Suite(.tags(.binary)) struct CLIProfileTests {
    let cli = CLIHarness()

    /// A delivery command appending each message (one JSON line) to a file in the test's home.
    var mailbox: String { cli.home + "/mailbox" }
    var delivering: [String: String] { ["LATCHKEY_DELIVER_COMMAND": "cat >> '\(mailbox)'"] }

    /// The messages delivered so far, oldest first.
    private func messages() throws -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: mailbox, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func nameAndPhoneChangeAtOnceAndAnEmailWaitsForItsCode() throws {
        try cli.registerAndLogin()
        let named = try cli.run(["profile", "--name", "Alice Liddell", "--phone", "+44 20 7946 0958"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.contains("Alice Liddell") && named.stdout.contains("58"))

        let changed = try cli.run(
            ["profile", "--email", "alice@example.com", "--password-stdin"], stdin: CLIHarness.password + "\n",
            extraEnvironment: delivering)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stderr.contains("A code was sent to alice@example.com"))
        #expect(try cli.run(["whoami"]).stdout.contains("Email:           not given"))
        let message = try #require(try messages().first)
        #expect(message["kind"] as? String == "email_verification" && message["to"] as? String == "alice@example.com")
        let code = try #require(message["code"] as? String)
        #expect(try !cli.query("SELECT * FROM one_time_codes").joined().contains(code))

        let wrong = try cli.run(["verify-email", "--stdin"], stdin: "AAAA-AAAA\n")
        #expect(wrong.status == 1 && wrong.stderr == "latchkey: Invalid or expired verification code.\n")
        let verified = try cli.run(["verify-email", "--stdin"], stdin: code + "\n")
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stderr == "Email address alice@example.com verified.\n")
        #expect(try cli.run(["whoami"]).stdout.contains("alice@example.com (verified)"))
        let json = try cli.run(["whoami", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["email_verified"] as? Bool == true)
        #expect(try cli.run(["history"]).stdout.contains("Email address verified"))
    }

    @Test("a squatter's unverified address lets the owner register it; the owner's proof takes it from the squatter")
    func anUnverifiedAddressReservesNothing() throws {
        for (name, address) in [("squatter", "ceo@victim.example"), ("owner", "CEO@victim.example")] {
            let registered = try cli.run(
                ["register", name, "--email", address, "--password-stdin"], stdin: CLIHarness.password + "\n",
                extraEnvironment: delivering)
            #expect(registered.status == 0, "\(registered.stderr)")
        }
        _ = try cli.run(["login", "owner", "--password-stdin"], stdin: CLIHarness.password + "\n")
        let code = try #require(try messages().last { $0["username"] as? String == "owner" }?["code"] as? String)
        let verified = try cli.run(["verify-email", "--stdin"], stdin: code + "\n")
        #expect(verified.stderr == "Email address CEO@victim.example verified.\n")
        #expect(try cli.query("SELECT username FROM users WHERE email IS NOT NULL") == ["owner"])
        // Verified, it is taken: the same answer as ever, nothing about whose it is.
        let third = try cli.run(
            ["register", "third", "--email", "ceo@VICTIM.example", "--password-stdin"],
            stdin: CLIHarness.password + "\n")
        #expect(third.status == 65 && third.stderr == "latchkey: That email address is already in use.\n")
    }

    @Test func registeringWithAnEmailSendsACodeAndAFailingCommandIsAuditedNotFatal() throws {
        let registered = try cli.run(
            ["register", "alice", "--email", "alice@example.com", "--password-stdin"],
            stdin: CLIHarness.password + "\n",
            extraEnvironment: ["LATCHKEY_DELIVER_COMMAND": "exit 1"])
        #expect(registered.status == 0, "\(registered.stderr)")
        _ = try cli.run(["login", "alice", "--password-stdin"], stdin: CLIHarness.password + "\n")
        #expect(try cli.run(["history"]).stdout.contains("Email verification code could not be sent"))
        let resent = try cli.run(["verify-email", "--resend"], extraEnvironment: delivering)
        #expect(resent.status == 0 && resent.stderr == "A verification code was sent to alice@example.com.\n")
        let code = try #require(try messages().last?["code"] as? String)
        #expect(try cli.run(["verify-email", "--stdin"], stdin: code.lowercased() + "\n").status == 0)
    }

    @Test func badInputGetsOneLineAndItsExitCode() throws {
        try cli.registerAndLogin()
        let cases: [([String], String?, [String: String], Int32, String)] = [
            (["profile"], nil, [:], 65, "latchkey: Nothing to change: give a name, a phone or an email.\n"),
            (["profile", "--phone", "12"], nil, [:], 65, ""),
            (["profile", "--name", "bad\u{1b}[2J"], nil, [:], 65, ""),
            (
                ["profile", "--email", "a@example.com", "--password-stdin"], CLIHarness.password + "\n", [:], 69,
                "latchkey: Verifying an email address needs a delivery: this installation has none configured.\n"
            ),
            (
                ["profile", "--email", "a@example.com", "--password-stdin"], "wrong password, long\n", delivering, 1,
                "latchkey: Wrong password.\n"
            ),
            (
                ["profile", "--email", "not an address", "--password-stdin"], CLIHarness.password + "\n", delivering,
                65, ""
            ),
            (
                ["verify-email", "--resend"], nil, delivering, 65,
                "latchkey: No email address waits for verification.\n"
            ),
            (["verify-email", "--stdin"], "", [:], 64, ""),
        ]
        for (arguments, stdin, environment, status, message) in cases {
            let result = try cli.run(arguments, stdin: stdin, extraEnvironment: environment)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.errorLines.count == 1, "\(arguments): \(result.stderr)")
            if !message.isEmpty { #expect(result.stderr == message, "\(arguments)") }
        }
        #expect(try messages().isEmpty)
    }
}
