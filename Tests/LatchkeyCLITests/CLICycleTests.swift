import Foundation
import Testing

@testable import LatchkeyTestSupport

@Suite(.tags(.binary)) struct CLICycleTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    @Test func registerLoginWhoAmILogoutRunsEndToEnd() throws {
        let registered = try cli.run(
            [
                "register", "Alice", "--email", "alice@example.com", "--phone", "+7 912 345-67-33", "--name",
                "Alice Liddell", "--password-stdin",
            ], stdin: password + "\n")
        #expect(registered.status == 0)
        #expect(registered.stderr == "Account alice created.\n")
        #expect(registered.stdout.contains("Phone:           +7 (•••) •••-••-33"))

        let login = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n")
        #expect(login.status == 0)
        #expect(login.stderr == "Signed in as alice.\n")
        #expect(login.stdout.hasPrefix("alice (Alice Liddell)\n"))
        #expect(login.stdout.contains("Last sign-in:    none before this one"))

        let whoami = try cli.run(["whoami"])
        #expect(whoami.status == 0)
        #expect(whoami.stdout.contains("Phone:           +7 (•••) •••-••-33"))
        #expect(whoami.stdout.contains("Session expires: "))
        #expect(whoami.stderr.isEmpty)

        let logout = try cli.run(["logout"])
        #expect(logout.status == 0)
        #expect(logout.stderr == "Signed out.\n")
        #expect(!FileManager.default.fileExists(atPath: cli.sessionFile))

        let after = try cli.run(["whoami"])
        #expect(after.status == 1)
        #expect(after.stderr == "latchkey: Not signed in.\n")
        #expect(after.stdout.isEmpty)
    }

    @Test func theTokenIsNeverPrintedAndTheSessionFileHoldsIt() throws {
        try cli.registerAndLogin()
        let token = try String(contentsOfFile: cli.sessionFile, encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(token.hasPrefix("lk_") && token.count == 46)
        let again = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n")
        let whoami = try cli.run(["whoami", "--json"])
        for output in [again.stdout, again.stderr, whoami.stdout, whoami.stderr] {
            #expect(!output.contains("lk_"))
        }
    }

    @Test func filesAreCreatedPrivate() throws {
        try cli.registerAndLogin()
        #expect(try mode(cli.database) == 0o600)
        #expect(try mode(cli.sessionFile) == 0o600)
        #expect(try mode(cli.home + "/data/latchkey") == 0o700)
        #expect(try mode(cli.home + "/state/latchkey") == 0o700)
    }

    @Test func signingOutWhenSignedOutIsNotAnError() throws {
        let result = try cli.run(["logout"])
        #expect(result.status == 0)
        #expect(result.stderr == "Not signed in.\n")
    }

    @Test func logoutAllEndsEverySessionOfTheUser() throws {
        try cli.registerAndLogin()
        let first = try String(contentsOfFile: cli.sessionFile, encoding: .utf8)
        _ = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n")
        let result = try cli.run(["logout", "--all"])
        #expect(result.stderr == "Signed out of 2 sessions.\n")
        // The first session's token no longer works either.
        try first.write(toFile: cli.sessionFile, atomically: true, encoding: .utf8)
        chmod(cli.sessionFile, 0o600)
        #expect(try cli.run(["whoami"]).status == 1)
    }

    @Test func theDatabaseOptionAndEnvironmentVariablesNameTheFiles() throws {
        let other = cli.home + "/elsewhere/db.sqlite3"
        let result = try cli.run(["register", "bob", "--password-stdin", "--database", other], stdin: password + "\n")
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: other))
        #expect(!FileManager.default.fileExists(atPath: cli.database))
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
