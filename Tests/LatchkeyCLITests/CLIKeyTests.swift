import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// `latchkey key init`, and one installation key per database whichever machine uses a key first:
/// on a SQLite file (two key files named by LATCHKEY_SECRET_KEY_FILE) and on the PostgreSQL server.
@Suite(.tags(.postgres, .binary)) struct CLIKeyTests {
    static let postgresql = TestEngine.available.contains(.postgresql)

    /// A key file of 32 random bytes at `path`, 0600.
    private func writeKey(_ path: String) {
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(RandomBytes.make(32)), attributes: [.posixPermissions: 0o600])
    }

    @Test func keyInitMakesAndRecordsTheKeyOnceAndRefusesAnother() throws {
        let cli = CLIHarness()
        let made = try cli.run(["key", "init"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            made.stdout == "Key file \(cli.database).key created and recorded in the database: "
                + "every machine using it needs a copy of this file.\n")
        #expect(try permissions(of: cli.database + ".key") == 0o600)
        let again = try cli.run(["key", "init", "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stdout.contains("\"created\":false") && again.stdout.contains("\"recorded\":false"), "\(again.stdout)"
        )
        let other = cli.home + "/other.key"
        writeKey(other)
        let refused = try cli.run(["key", "init"], extraEnvironment: ["LATCHKEY_SECRET_KEY_FILE": other])
        #expect(refused.status == 74)
        #expect(
            refused.errorLines == [
                "latchkey: Key file error: the key file \(other) is not the one this database is used with: copy the key file from a machine that uses this database (or restore it from the backup) to \(other)."
            ])
    }

    @Test func onASQLiteFileTheFirstKeyUsedIsRecordedAndAnotherIsRefusedAtOnce() throws {
        let cli = CLIHarness()
        let (first, second) = (cli.home + "/first.key", cli.home + "/second.key")
        // Neither key file exists yet: each is made on its machine's first need.
        // A name without an account is the key's first use: recorded in that write.
        let guess = ["login", "nobody", "--password-stdin"]
        let used = try cli.run(
            guess, stdin: "a wrong guess, long enough\n", extraEnvironment: ["LATCHKEY_SECRET_KEY_FILE": first])
        #expect(used.status == 1, "\(used.stderr)")
        let refused = try cli.run(
            guess, stdin: "a wrong guess, long enough\n", extraEnvironment: ["LATCHKEY_SECRET_KEY_FILE": second])
        #expect(refused.status == 74)
        #expect(refused.errorLines.count == 1)
        #expect(
            refused.stderr.hasPrefix("latchkey: Key file error: the key file \(second) is not the one"),
            "\(refused.stderr)")
    }

    /// Two machines pointed at a fresh database, each with a key file of its own made on first need:
    /// the first to use its key keeps it, and the other is refused at its first use.
    @Test(.enabled(if: postgresql))
    func onPostgreSQLTwoMachinesMakingKeysGetOneKeyAndTheOtherIsRefusedAtOnce() throws {
        guard case .postgresql(let url) = try TestEngine.postgresql.freshDatabase() else { return }
        let (one, two) = (CLIHarness(), CLIHarness())
        func run(_ cli: CLIHarness, _ arguments: [String], stdin: String? = nil) throws -> CLIResult {
            try cli.run(arguments, stdin: stdin, extraEnvironment: ["LATCHKEY_DATABASE": url])
        }
        let guess = ["login", "nobody", "--password-stdin"]
        #expect(try run(one, guess, stdin: "a wrong guess, long enough\n").status == 1)
        let refused = try run(two, guess, stdin: "a wrong guess, long enough\n")
        #expect(refused.status == 74)
        #expect(refused.errorLines.count == 1)
        #expect(refused.stderr.contains("is not the one this database is used with"), "\(refused.stderr)")
        // `key init` on the first machine is then a no-op; on a third, without a key file, a refusal.
        #expect(try run(one, ["key", "init"]).stdout.contains("already"))
        let third = CLIHarness()
        #expect(try run(third, ["key", "init"]).status == 74)
        #expect(!FileManager.default.fileExists(atPath: third.home + "/config/latchkey/postgresql.key"))
    }
}
