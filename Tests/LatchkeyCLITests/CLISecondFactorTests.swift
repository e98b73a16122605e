import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The second factor through the built binary: scripts with --password-stdin and --json, the QR code
/// as drawn, and recovery.
@Suite(.tags(.binary)) struct CLISecondFactorTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    private func json(_ result: CLIResult) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
    }

    /// Enrolls in two steps as a script does; returns the app and the recovery codes.
    private func turnOn() throws -> (Authenticator, [String]) {
        try cli.registerAndLogin()
        let pending = try json(try cli.run(["mfa", "enable", "--password-stdin", "--json"], stdin: password + "\n"))
        #expect(pending["pending"] as? Bool == true)
        let uri = try #require(pending["uri"] as? String)
        #expect(uri.hasPrefix("otpauth://totp/Latchkey:alice?secret="))
        #expect(uri.hasSuffix("&issuer=Latchkey&algorithm=SHA1&digits=6&period=30"))
        let app = Authenticator(base32: try #require(pending["secret"] as? String))
        let confirmed = try json(
            try cli.run(["mfa", "confirm", "--code-stdin", "--json"], stdin: app.code(at: Date()) + "\n"))
        let codes = try #require(confirmed["recovery_codes"] as? [String])
        #expect(codes.count == 10)
        return (app, codes)
    }

    @Test func scriptsEnrollInTwoStepsAndSignInWithTheCodeOnTheSecondLine() throws {
        let (app, codes) = try turnOn()
        let card = try json(try cli.run(["whoami", "--json"]))
        #expect(card["second_factor"] as? Bool == true)
        #expect(card["recovery_codes_left"] as? Int == 10)
        _ = try cli.run(["logout"])

        let withoutCode = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n")
        #expect(withoutCode.status == 1)
        #expect(withoutCode.stderr.contains("A second-factor code is required"))
        #expect(try cli.run(["whoami"]).status == 1)

        let wrong = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n000000\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "latchkey: Invalid username or password.\n")

        let recovered = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n" + codes[0] + "\n")
        #expect(recovered.status == 0, "\(recovered.stderr)")
        let again = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n" + codes[0] + "\n")
        #expect(again.status == 1, "a recovery code worked twice")
        #expect(try json(try cli.run(["whoami", "--json"]))["recovery_codes_left"] as? Int == 9)
        _ = app
    }

    @Test func theQRCodeTheCommandDrawsDecodesToTheURIItPrints() throws {
        try cli.registerAndLogin()
        let enrolled = try cli.run(["mfa", "enable", "--password-stdin"], stdin: password + "\n")
        #expect(enrolled.status == 0, "\(enrolled.stderr)")
        let uri = try #require(enrolled.stdout.split(separator: "\n").first { $0.hasPrefix("otpauth://") })
        #expect(try QRReader.decode(QRReader.matrix(fromTerminalText: enrolled.stdout)) == String(uri))
        #expect(enrolled.stderr.contains("run: latchkey mfa confirm\n"))
    }

    @Test func turningOffNeedsThePasswordAndACodeAndAnOperatorCanReset() throws {
        let (_, codes) = try turnOn()
        let wrong = try cli.run(["mfa", "disable", "--password-stdin"], stdin: password + "\n000000\n")
        #expect(wrong.status == 1)
        let replaced = try json(
            try cli.run(
                ["mfa", "recovery-codes", "--password-stdin", "--json"], stdin: password + "\n" + codes[1] + "\n"))
        let fresh = try #require(replaced["recovery_codes"] as? [String])
        #expect(Set(fresh).isDisjoint(with: codes))
        let off = try cli.run(["mfa", "disable", "--password-stdin"], stdin: password + "\n" + fresh[0] + "\n")
        #expect(off.status == 0, "\(off.stderr)")
        #expect(try json(try cli.run(["whoami", "--json"]))["second_factor"] as? Bool == false)

        _ = try cli.run(["mfa", "enable", "--password-stdin", "--json"], stdin: password + "\n")
        let reset = try cli.run(["admin", "mfa-reset", "alice"])
        #expect(reset.status == 0)
        #expect(reset.stderr == "Second factor of alice removed.\n")
        let events = try cli.query(
            "SELECT kind || '/' || coalesce(actor, '-') FROM auth_events WHERE kind LIKE 'factor%' OR kind LIKE 'recovery%'"
        )
        // A recovery code spent on a re-authentication is audited as at sign-in.
        #expect(
            events == [
                "factor_enabled/-", "recovery_code_used/-", "recovery_codes_replaced/-", "recovery_code_used/-",
                "factor_disabled/-", "factor_reset/admin",
            ])
    }

    @Test func aLostKeyFileIsAClearStorageErrorNotACrash() throws {
        let (app, _) = try turnOn()
        _ = try cli.run(["logout"])
        try FileManager.default.removeItem(atPath: cli.database + ".key")
        let result = try cli.run(
            ["login", "alice", "--password-stdin"],
            stdin: password + "\n" + app.code(at: Date().addingTimeInterval(30)) + "\n")
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("latchkey: Key file error:"))
        #expect(!result.signalled)
    }

    /// Arguments are readable by every local user in /proc/PID/cmdline: a one-time code there could be
    /// raced in before its owner uses it. Each form is refused before anything is read or written.
    @Test(arguments: [
        ["login", "alice", "--password-stdin", "--code", "123456"],
        ["login", "alice", "--password-stdin", "--code=123456"], ["mfa", "confirm", "123456"],
        ["mfa", "disable", "--password-stdin", "--code", "123456"],
        ["mfa", "recovery-codes", "--password-stdin", "--code", "123456", "--json"],
    ])
    func aCodeOnTheCommandLineIsRefusedWithALineThatSaysHow(arguments: [String]) throws {
        let (_, _) = try turnOn()
        let sessions = try cli.query("SELECT count(*) FROM sessions")
        let result = try cli.run(arguments, stdin: password + "\n")
        #expect(result.status == 64, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("--code-stdin"))
        #expect(!result.stderr.contains("123456"))
        #expect(try cli.query("SELECT count(*) FROM sessions") == sessions)
        #expect(try cli.query("SELECT count(*) FROM auth_events WHERE kind = 'code_failed'") == ["0"])
    }

    @Test func theCodeIsReadFromStandardInputWithCodeStdin() throws {
        let (app, _) = try turnOn()
        let replaced = try cli.run(
            ["mfa", "recovery-codes", "--password-stdin", "--code-stdin", "--json"],
            stdin: password + "\n" + app.code(at: Date().addingTimeInterval(30)) + "\n")
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let empty = try cli.run(["mfa", "confirm", "--code-stdin"], stdin: "")
        #expect(empty.status == 1, "\(empty.stderr)")
        #expect(empty.stderr.contains("A second-factor code is required"))
    }
}
