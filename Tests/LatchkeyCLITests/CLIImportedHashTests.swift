import Foundation
import Testing

@testable import LatchkeyTestSupport

/// An account holding an imported hash, through the binary: `admin users` shows its scheme until the
/// user's first sign-in replaces it.
@Suite(.tags(.binary)) struct CLIImportedHashTests {
    let cli = CLIHarness()

    @Test func adminUsersShowsTheImportedSchemeUntilTheFirstSignIn() throws {
        try cli.registerAndLogin()
        let hash = try RealTool.output("mkpasswd", ["-m", "sha512crypt", "--stdin"], stdin: "old system password\n")
        try cli.tamper(
            "INSERT INTO imported_passwords (user_id, scheme, hash, imported_at) "
                + "SELECT id, 'sha512crypt', '\(hash)', 0 FROM users WHERE username = 'alice'")
        #expect(try cli.run(["admin", "users"]).stdout.contains("[imported sha512crypt hash]"))
        let json = try cli.run(["admin", "users", "--json"])
        let users = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["users"]
                as? [[String: Any]])
        #expect(users.first?["imported_hash"] as? String == "sha512crypt")
        #expect(!json.stdout.contains(hash))

        let signedIn = try cli.run(["login", "alice", "--password-stdin"], stdin: "old system password\n")
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        #expect(!(try cli.run(["admin", "users"]).stdout.contains("imported")))
        #expect(try cli.query("SELECT count(*) FROM imported_passwords") == ["0"])
    }
}
