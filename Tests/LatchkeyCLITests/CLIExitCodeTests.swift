import Foundation
import Latchkey
import Testing

@testable import LatchkeyTestSupport

@Suite(.tags(.binary)) struct CLIExitCodeTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    @Test func aWrongPasswordAndAnUnknownUserGiveByteIdenticalOutputAndExitOne() throws {
        _ = try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        let wrong = try cli.run(["login", "alice", "--password-stdin"], stdin: "not the password at all\n")
        let unknown = try cli.run(["login", "mallory", "--password-stdin"], stdin: "not the password at all\n")
        #expect(wrong.status == 1)
        #expect(unknown.status == 1)
        #expect(wrong.stderr == "latchkey: Invalid username or password.\n")
        #expect(Data(wrong.stderr.utf8) == Data(unknown.stderr.utf8))
        #expect(wrong.stdout == unknown.stdout)
    }

    @Test(arguments: [
        (["register", "x", "--password-stdin"], "latchkey: Invalid username: use at least 3 characters.\n"),
        (
            ["register", "alice", "--password-stdin", "--phone", "555 0134"],
            "latchkey: Invalid phone number: it must start with + or 00 and the country calling code (for example +44 20 7946 0958).\n"
        ),
        (
            ["register", "alice", "--password-stdin", "--email", "alice"],
            "latchkey: Invalid email address: expected one @, a name before it and a domain with a dot after it.\n"
        ),
    ])
    func invalidInputExitsSixtyFiveWithOneClearLine(_ arguments: [String], _ message: String) throws {
        let result = try cli.run(arguments, stdin: password + "\n")
        #expect(result.status == 65)
        #expect(result.stderr == message)
    }

    @Test func aWeakPasswordExitsSixtyFive() throws {
        let result = try cli.run(["register", "alice", "--password-stdin"], stdin: "short\n")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("latchkey: Password too short: use at least 15 characters"))
    }

    @Test func noTerminalAndNoPasswordStdinExitsSixtyFour() throws {
        let result = try cli.run(["login", "alice"])
        #expect(result.status == 64)
        #expect(result.stderr == "latchkey: No terminal to ask for the password: pipe it in with --password-stdin.\n")
    }

    @Test func anEmptyStandardInputExitsSixtyFour() throws {
        let result = try cli.run(["login", "alice", "--password-stdin"], stdin: "")
        #expect(result.status == 64)
    }

    @Test func aPasswordOptionDoesNotExistAndUsageErrorsExitSixtyFour() throws {
        #expect(try cli.run(["login", "alice", "--password", "secret"]).status == 64)
        #expect(try cli.run(["frobnicate"]).status == 64)
        #expect(try cli.run(["login", "alice", "--show-token"]).status == 64)
    }

    @Test func aFileThatIsNotADatabaseExitsSeventyFourAndIsLeftUnchanged() throws {
        let path = cli.home + "/notes.txt"
        let text = String(repeating: "not a database\n", count: 200)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try cli.run(["whoami", "--database", path])
        #expect(result.status == 74)
        #expect(result.stderr == "latchkey: Cannot use the database at \(path): it is not a Latchkey database.\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test func aReadOnlyDatabaseExitsSeventyFourAndIsLeftUnchanged() throws {
        _ = try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.database))
        try makeImmutable(cli.database, true)
        defer { try? makeImmutable(cli.database, false) }
        let result = try cli.run(["register", "bob", "--password-stdin"], stdin: password + "\n")
        #expect(result.status == 74)
        #expect(result.stderr == "latchkey: Cannot use the database at \(cli.database): it is read-only.\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.database)) == before)
    }

    @Test func aDatabaseFromANewerVersionExitsSeventyFour() throws {
        let newer =
            Migration.sqlite + [Migration(version: 9_000, name: "future", sql: "CREATE TABLE f (x INTEGER) STRICT;")]
        _ = try DatabaseWorker(.file(path: cli.database), migrations: newer)
        let result = try cli.run(["whoami"])
        #expect(result.status == 74)
        #expect(result.stderr.hasSuffix("it was written by a newer version of Latchkey.\n"))
    }

    @Test func aDatabaseLockedPastTheTimeoutExitsSeventyFive() throws {
        _ = try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        let holder = try DatabaseWorker(.file(path: cli.database))
        // Hold the write lock for the whole run of the other process: it must give up as busy.
        let result = try holder.write { db in
            try db.execute("UPDATE users SET updated_at = updated_at")
            return try cli.run(["register", "bob", "--password-stdin"], stdin: password + "\n")
        }
        #expect(result.status == 75)
        #expect(result.stderr == "latchkey: The database is busy. Try again in a moment.\n")
    }

    @Test func aSessionFileThatCannotBeWrittenExitsSeventyFourAndEndsTheNewSession() throws {
        _ = try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        let result = try cli.run(
            ["login", "alice", "--password-stdin"], stdin: password + "\n",
            extraEnvironment: ["LATCHKEY_SESSION_FILE": "/dev/null/latchkey/session"])
        #expect(result.status == 74)
        #expect(result.stderr == "latchkey: Cannot create the folder /dev/null/latchkey for the session.\n")
        let live = try DatabaseWorker(.file(path: cli.database)).read { db in
            try db.queryFirst("SELECT count(*) FROM sessions WHERE revoked_at IS NULL") { try $0.int64(at: 0) }
        }
        #expect(live == 0)
    }

    @Test func theSessionFileVariableNamesTheSessionFile() throws {
        let custom = cli.home + "/custom/session"
        _ = try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        let login = try cli.run(
            ["login", "alice", "--password-stdin"], stdin: password + "\n",
            extraEnvironment: ["LATCHKEY_SESSION_FILE": custom])
        #expect(login.status == 0)
        #expect(FileManager.default.fileExists(atPath: custom))
        #expect(try cli.run(["whoami"], extraEnvironment: ["LATCHKEY_SESSION_FILE": custom]).status == 0)
        #expect(try cli.run(["whoami"]).status == 1)
    }

    /// Mode 0400 plus, for root (whom modes do not stop), the immutable attribute.
    private func makeImmutable(_ path: String, _ on: Bool) throws {
        chmod(path, on ? 0o400 : 0o600)
        guard getuid() == 0 else { return }
        let result = try CLIHarness.run(
            "/usr/bin/env", ["chattr", on ? "+i" : "-i", path], environment: cli.environment, stdin: nil)
        #expect(result.status == 0)
    }
}
