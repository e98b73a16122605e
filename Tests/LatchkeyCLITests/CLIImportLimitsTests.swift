import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// `latchkey admin import` through the binary, on both engines: a date no reader can read is refused
/// with its line (so `admin users` and the user's sign-in go on working), a too costly hash too, and
/// `--on-conflict update` that replaces a password ends the user's sessions.
@Suite(.onEveryEngine, .tags(.postgres, .binary)) struct CLIImportLimitsTests {
    let cli = CLIHarness()
    let environment: [String: String]
    /// "bob's imported password" as sha256crypt.
    static let sha = "$5$saltsaltsalt$DBeWcHupb/wyWcOWiarXC/L9JlD8e2cc2ymrRPFnIQ3"

    init() throws {
        switch try TestEngine.current.freshDatabase() {
        case .postgresql(let url):
            let key = cli.home + "/installation.key"
            _ = FileManager.default.createFile(
                atPath: key, contents: Data(RandomBytes.make(32)), attributes: [.posixPermissions: 0o600])
            environment = ["LATCHKEY_DATABASE": url, "LATCHKEY_SECRET_KEY_FILE": key]
        default:
            environment = [:]
        }
    }

    @discardableResult
    private func run(_ arguments: [String], stdin: String? = nil) throws -> CLIResult {
        try cli.run(arguments, stdin: stdin, extraEnvironment: environment)
    }

    @Test("a created_at no reader can read is refused with its line; admin users and sign-in go on working")
    func anUnreadableDateIsRefused() throws {
        let csv = "username,password_hash,created_at\nann,\(Self.sha),9999999999999\nbob,\(Self.sha),1700000000\n"
        let refused = try run(["admin", "import", "-", "--format", "csv"], stdin: csv)
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stdout.contains("line 2: created_at is out of range (1970-01-01 to a day from now)"))
        let skipped = try run(["admin", "import", "-", "--format", "csv", "--on-conflict", "skip"], stdin: csv)
        #expect(skipped.status == 0, "\(skipped.stderr)")
        let users = try run(["admin", "users"])
        #expect(users.status == 0, "\(users.stderr)")
        #expect(users.stdout.contains("bob") && !users.stdout.contains("ann"))
        let login = try run(["login", "bob", "--password-stdin"], stdin: "bob's imported password\n")
        #expect(login.status == 0, "\(login.stderr)")
    }

    @Test("bcrypt above cost 13 is refused at import with its line")
    func aCostlyBcryptIsRefused() throws {
        // A cost-5 hash relabelled: the check reads the cost, it never runs bcrypt.
        let cheap = "$2b$05$Klx2LOOtigcw7ZUXa8x2UO7wi561dKQoAnoBe3db6pEUgEi1YqDPe"
        let costly = cheap.replacingOccurrences(of: "$2b$05$", with: "$2b$14$")
        let result = try run(["admin", "import", "-", "--format", "htpasswd"], stdin: "ann:\(cheap)\nbob:\(costly)\n")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout.contains("line 2: a malformed or too costly bcrypt hash"), "\(result.stdout)")
    }

    @Test("--on-conflict update that replaces a password ends the user's sessions")
    func updateEndsSessions() throws {
        let password = CLIHarness.password
        #expect(try run(["register", "bob", "--password-stdin"], stdin: password + "\n").status == 0)
        #expect(try run(["login", "bob", "--password-stdin"], stdin: password + "\n").status == 0)
        #expect(try run(["whoami"]).status == 0)
        let update = try run(
            ["admin", "import", "-", "--format", "htpasswd", "--on-conflict", "update"], stdin: "bob:\(Self.sha)\n")
        #expect(update.status == 0, "\(update.stderr)")
        let whoami = try run(["whoami"])
        #expect(whoami.status == 1, "the session opened with the replaced password lives on")
        #expect(try run(["login", "bob", "--password-stdin"], stdin: "bob's imported password\n").status == 0)
    }
}
