import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// How the session was signed in, on the card `login` and `whoami` print and in `whoami --json`,
/// through the built binary.
@Suite(.tags(.binary)) struct CLISignInMethodsTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    private func json(_ result: CLIResult) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
    }

    @Test("a password sign-in's card says so, and its JSON lists pwd")
    func passwordSignIn() throws {
        try cli.registerAndLogin()
        let card = try cli.run(["whoami"])
        #expect(card.status == 0, "\(card.stderr)")
        #expect(card.stdout.contains("\n  Signed in with:  password\n"), "\(card.stdout)")
        #expect(try json(try cli.run(["whoami", "--json"]))["amr"] as? [String] == ["pwd"])
    }

    @Test("a sign-in with a password and a code, or a recovery code, names both in words")
    func passwordAndCodeSignIn() throws {
        try cli.registerAndLogin()
        let pending = try json(try cli.run(["mfa", "enable", "--password-stdin", "--json"], stdin: password + "\n"))
        let app = Authenticator(base32: try #require(pending["secret"] as? String))
        let confirmed = try json(
            try cli.run(["mfa", "confirm", "--code-stdin", "--json"], stdin: app.code(at: Date()) + "\n"))
        let codes = try #require(confirmed["recovery_codes"] as? [String])
        // The next time step's code: within the one step of drift accepted, and not used yet.
        let code = app.code(at: Date().addingTimeInterval(30))
        let signedIn = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n" + code + "\n")
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        #expect(signedIn.stdout.contains("\n  Signed in with:  password, authenticator code\n"), "\(signedIn.stdout)")
        #expect(try json(try cli.run(["whoami", "--json"]))["amr"] as? [String] == ["pwd", "otp", "mfa"])

        let recovered = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n" + codes[0] + "\n")
        #expect(recovered.stdout.contains("\n  Signed in with:  password, recovery code\n"), "\(recovered.stdout)")
        #expect(try json(try cli.run(["whoami", "--json"]))["amr"] as? [String] == ["pwd", "rcv", "mfa"])
    }

    @Test(
        "a passkey session's card names the passkey, and whether it verified its user",
        arguments: [
            ("hwk user mfa", "passkey (user verified)"), ("hwk user", "passkey"),
            ("hwk user otp mfa", "passkey, authenticator code"),
        ])
    func passkey(stored: String, words: String) throws {
        try cli.registerAndLogin()
        // The command line signs in with a password only: the server's passkey sign-ins are stored so.
        try cli.tamper("UPDATE sessions SET amr = '\(stored)'")
        let card = try cli.run(["whoami"])
        #expect(card.stdout.contains("\n  Signed in with:  \(words)\n"), "\(card.stdout)")
        #expect(
            try json(try cli.run(["whoami", "--json"]))["amr"] as? [String]
                == stored.split(separator: " ").map(String.init))
    }

    @Test("a session from before methods were recorded shows no line, and an empty list")
    func olderSession() throws {
        try cli.registerAndLogin()
        try cli.tamper("UPDATE sessions SET amr = NULL")
        let card = try cli.run(["whoami"])
        #expect(card.status == 0, "\(card.stderr)")
        #expect(!card.stdout.contains("Signed in with"), "\(card.stdout)")
        #expect(try json(try cli.run(["whoami", "--json"]))["amr"] as? [String] == [])
    }
}
