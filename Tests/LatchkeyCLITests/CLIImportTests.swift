import Foundation
import Testing

@testable import LatchkeyTestSupport

/// `latchkey admin import` through the binary: a file or standard input, the report, exit codes.
@Suite(.tags(.binary)) struct CLIImportTests {
    let cli = CLIHarness()

    @Test func anHtpasswdFromStandardInputImportsAndItsUsersSignIn() throws {
        let line = try RealTool.output("htpasswd", ["-nbB", "alice", "alice's apache password"], stdin: nil)
        let result = try cli.run(["admin", "import", "-", "--format", "htpasswd"], stdin: line + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Imported 1 of 1 rows in "))
        #expect(try cli.run(["admin", "users"]).stdout.contains("[imported bcrypt hash]"))
        let login = try cli.run(["login", "alice", "--password-stdin"], stdin: "alice's apache password\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(!(try cli.run(["admin", "users"]).stdout.contains("imported")))
    }

    @Test func aDjangoExportFromSqlite3ImportsAndItsSuperuserIsAnAdmin() throws {
        var alice = DjangoTool.User("alice", "alice's django password", hasher: "pbkdf2_sha256")
        alice.superuser = true
        let csv = try DjangoTool.users([alice], exportedBy: .sqliteWithHeader)
        let result = try cli.run(
            ["admin", "import", "-", "--format", "django"], stdin: String(decoding: csv, as: UTF8.self))
        #expect(result.status == 0, "\(result.stderr)")
        let users = try cli.run(["admin", "users"]).stdout
        #expect(users.contains("[imported pbkdf2_sha256 hash]") && users.contains("admin"), "\(users)")
        let login = try cli.run(["login", "alice", "--password-stdin"], stdin: "alice's django password\n")
        #expect(login.status == 0, "\(login.stderr)")
    }

    @Test func aRefusedImportListsItsLinesExits65AndKeepsNothing() throws {
        let hash = try RealTool.output("mkpasswd", ["-m", "sha512crypt", "--stdin"], stdin: "pw\n")
        let file = cli.home + "/users.csv"
        try "username,password_hash\nbob,\(hash)\nBOB,\(hash)\nx,\(hash)\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let refused = try cli.run(["admin", "import", file, "--format", "csv"])
        #expect(refused.status == 65)
        #expect(
            refused.stderr == "latchkey: Nothing imported: 2 of 3 rows refused (--on-conflict skip imports the rest).\n"
        )
        #expect(refused.stdout.contains("line 3: the username appears earlier in the file"))
        #expect(refused.stdout.contains("line 4: invalid username"))
        #expect(try cli.query("SELECT count(*) FROM users") == ["0"])

        let json = try cli.run(["admin", "import", file, "--format", "csv", "--on-conflict", "skip", "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["imported"] as? Int == 1 && object["skipped"] as? Int == 1 && object["refused"] as? Int == 1)
        #expect(!json.stdout.contains(hash))
    }

    @Test func badInvocationsGetOneLine() throws {
        let cases: [([String], Int32, String)] = [
            (
                ["admin", "import", "/nonexistent/file", "--format", "csv"], 65,
                "latchkey: Cannot open /nonexistent/file: "
            ),
            (
                ["admin", "import", "-", "--format", "ldif"], 64,
                "latchkey: --format takes csv, htpasswd, shadow or django."
            ),
            (
                ["admin", "import", "-", "--format", "csv", "--on-conflict", "merge"], 64,
                "latchkey: --on-conflict takes"
            ),
            (["admin", "import", "-", "--format", "csv"], 65, "latchkey: Nothing imported: The file is empty"),
        ]
        for (arguments, status, prefix) in cases {
            let result = try cli.run(arguments, stdin: "")
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix(prefix), "\(arguments): \(result.stderr)")
            #expect(result.errorLines.count == 1, "\(arguments): \(result.stderr)")
        }
    }
}
