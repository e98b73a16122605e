import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Records what the ImportUsers presenter was given.
final class ImportUsersPresentationSpy: ImportUsersPresentationLogic {
    var progress: [ImportUsers.Progress] = []
    var responses: [ImportUsers.Response] = []
    func presentProgress(response: ImportUsers.Progress) { progress.append(response) }
    func presentImport(response: ImportUsers.Response) { responses.append(response) }
}

/// The import scene on both engines: formats, validation, conflicts, all or nothing, and the
/// imported passwords signing in.
@Suite(.onEveryEngine, .tags(.postgres)) struct ImportUsersTests {
    let workers: LatchkeyWorkers
    let folder: TemporaryFolder
    static let actor = AuthEvent.Operator(osUser: "root")

    init() throws {
        // Today: Django's exports carry today's date_joined, and an import refuses a creation time
        // more than a day past its clock.
        workers = try Seeds.workers(time: ManualTime(Date()))
        folder = try TemporaryFolder()
    }

    /// Imports `bytes` as `format`; the scene's response.
    private func run(
        _ bytes: [UInt8], _ format: ImportFormat, conflict: ImportUsers.Conflict = .fail, dryRun: Bool = false
    ) throws -> ImportUsers.Response {
        let path = folder.path + "/input-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let spy = ImportUsersPresentationSpy()
        ImportUsersInteractor(presenter: spy, workers: workers).importUsers(
            request: .init(
                descriptor: descriptor, format: format, conflict: conflict, dryRun: dryRun, actor: Self.actor))
        return try #require(spy.responses.last)
    }

    private func run(
        _ text: String, _ format: ImportFormat, conflict: ImportUsers.Conflict = .fail, dryRun: Bool = false
    )
        throws -> ImportUsers.Response
    {
        try run(Array(text.utf8), format, conflict: conflict, dryRun: dryRun)
    }

    private func count(_ sql: String) throws -> Int64 {
        try workers.database.read { db in try db.queryFirst(sql) { try $0.int64(at: 0) } ?? -1 }
    }

    private func signIn(_ username: String, _ password: String) -> Bool {
        let spy = LoginPresentationLogicSpy()
        LoginInteractor(presenter: spy, workers: workers).login(request: .init(username: username, password: password))
        if case .signedIn? = spy.responses.last { return true }
        return false
    }

    private static func hash(_ tool: String, _ arguments: [String], _ password: String) throws -> String {
        try RealTool.output(tool, arguments, stdin: password + "\n")
    }

    @Test func anHtpasswdFileImportsAndEachPasswordSignsInOnceBeforeBecomingArgon2id() throws {
        let bcrypt = try RealTool.output("htpasswd", ["-nbB", "alice", "alice's old password"], stdin: nil)
        let sha = try Self.hash("mkpasswd", ["-m", "sha512crypt", "--stdin"], "bob's old password")
        guard case .imported(let summary) = try run("\(bcrypt)\nbob:\(sha)\n", .htpasswd) else {
            Issue.record("not imported")
            return
        }
        #expect(summary.imported == 2 && summary.rows == 2 && summary.refused == 0)
        #expect(try count("SELECT count(*) FROM imported_passwords") == 2)
        #expect(!signIn("alice", "not alice's password"))
        #expect(signIn("alice", "alice's old password"))
        #expect(signIn("bob", "bob's old password"))
        #expect(try count("SELECT count(*) FROM imported_passwords") == 0)
        #expect(signIn("alice", "alice's old password"))
        #expect(try count("SELECT count(*) FROM auth_events WHERE kind = 'users_imported' AND os_user = 'root'") == 1)
        let detail = try workers.database.read { db in
            try db.queryFirst("SELECT detail FROM auth_events WHERE kind = 'users_imported'") {
                try $0.string("detail")
            }
        }
        #expect(detail == "htpasswd: 2 imported, 0 updated, 0 skipped, 0 refused")
    }

    @Test func everySchemeMadeByItsRealToolImportsSignsInAndBecomesArgon2id() throws {
        let password = ForeignHashTests.password
        var hashes = try ForeignHashTests.tools.map { tool, arguments, stdin, prefix, _ in
            try RealTool.output(tool, arguments, stdin: stdin, after: prefix)
        }
        hashes += try DjangoTool.hashes(
            password, hashers: ["pbkdf2_sha256", "pbkdf2_sha1", "argon2", "bcrypt_sha256", "bcrypt", "scrypt"])
        // Quoted: Argon2 parameters hold commas.
        let csv =
            "username,password_hash\n" + hashes.enumerated().map { "user\($0.offset),\"\($0.element)\"\n" }.joined()
        guard case .imported(let summary) = try run(csv, .csv) else {
            Issue.record("not imported")
            return
        }
        #expect(summary.imported == hashes.count)
        let schemes = try workers.database.read { db in
            try db.query("SELECT DISTINCT scheme FROM imported_passwords ORDER BY scheme") { try $0.string("scheme") }
        }
        #expect(Set(schemes) == Set(ForeignHash.Scheme.allCases.map(\.rawValue)), "\(schemes)")
        for index in hashes.indices {
            #expect(!signIn("user\(index)", password + "!"), "\(hashes[index])")
            #expect(signIn("user\(index)", password), "\(hashes[index])")
        }
        #expect(try count("SELECT count(*) FROM imported_passwords") == 0)
        #expect(try count("SELECT count(*) FROM users WHERE password_hash LIKE '$argon2id$v=19$%'") == hashes.count)
    }

    @Test func aShadowFileImportsLockedAccountsDisabledAndRefusesAnEmptyPassword() throws {
        let sha = try Self.hash("mkpasswd", ["-m", "yescrypt", "--stdin"], "carol's password")
        let shadow = """
            carol:\(sha):19000:0:99999:7:::
            dave:!\(sha):19000:0:99999:7:::
            erin:*:19000:0:99999:7:::
            frank::19000:0:99999:7:::
            """
        guard case .refused(let refused) = try run(shadow + "\n", .shadow) else {
            Issue.record("an empty password was imported")
            return
        }
        #expect(refused.refusals == [.init(line: 4, reason: "an empty password field (no password at all)")])
        #expect(try count("SELECT count(*) FROM users") == 0, "a refused import left rows")
        guard case .imported(let summary) = try run(shadow + "\n", .shadow, conflict: .skip) else {
            Issue.record("not imported")
            return
        }
        #expect(summary.imported == 3 && summary.refused == 1)
        #expect(signIn("carol", "carol's password"))
        #expect(!signIn("dave", "carol's password"), "a locked account signed in")
        #expect(try count("SELECT count(*) FROM users WHERE disabled_at IS NOT NULL") == 2)
    }

    @Test func aCSVWithABOMCRLFQuotesAndRolesImportsEveryColumn() throws {
        let sha = try Self.hash("openssl", ["passwd", "-6", "-stdin"], "gina's password")
        let csv =
            "\u{FEFF}username,password_hash,email,phone,name,roles,created_at,disabled\r\n"
            + "gina,\(sha),gina@example.com,+44 20 7946 0958,\"Gina, \"\"G\"\" Lollo\",editor;viewer,2024-01-31T12:00:00Z,false\r\n"
            + "hank,\(sha),,,,,1700000000,1\r\n"
        guard case .imported(let summary) = try run(csv, .csv) else {
            Issue.record("not imported")
            return
        }
        #expect(summary.imported == 2)
        let gina = try workers.database.read { db in
            try db.queryFirst("SELECT display_name, email, phone, created_at FROM users WHERE username = 'gina'") {
                [
                    try $0.string("display_name"), try $0.string("email"), try $0.string("phone"),
                    String(try $0.int64("created_at")),
                ]
            }
        }
        #expect(gina == ["Gina, \"G\" Lollo", "gina@example.com", "+442079460958", "1706702400"])
        #expect(try count("SELECT count(*) FROM user_roles") == 2)
        #expect(try count("SELECT count(*) FROM users WHERE username = 'hank' AND disabled_at IS NOT NULL") == 1)
        #expect(signIn("gina", "gina's password"))
    }

    @Test func badRowsAreRefusedWithTheirLineAndNothingIsHalfImported() throws {
        let sha = try Self.hash("mkpasswd", ["-m", "sha256crypt", "--stdin"], "a password")
        var bob = Seeds.bob
        bob.email = "bob@example.com"
        _ = try Seeds.register(bob, with: workers)
        try verifyEveryEmail()
        var bytes = Array("username,password_hash,email\n".utf8)
        bytes += Array("ivan,\(sha),ivan@example.com\n".utf8)  // 2: fine
        bytes += Array("Ivan,\(sha),\n".utf8)  // 3: ivan again, another case
        bytes += Array("bob,\(sha),\n".utf8)  // 4: exists
        bytes += Array("judy,\(String(sha.dropLast(3))),\n".utf8)  // 5: cut short
        bytes += Array("kate,md5$salt$0123456789abcdef0123456789abcdef,\n".utf8)  // 6: unsupported
        bytes += Array("liam,\(sha)\n".utf8)  // 7: a field missing
        bytes += Array("mona,".utf8) + [0xFF, 0xFE] + Array(",\n".utf8)  // 8: not UTF-8
        bytes += Array("nina,\(sha),BOB@example.com\n".utf8)  // 9: bob's verified address
        guard case .refused(let summary) = try run(bytes, .csv) else {
            Issue.record("a file with bad rows was imported")
            return
        }
        #expect(
            summary.refusals.map(\.line) == [3, 4, 5, 6, 7, 8, 9]
                && summary.refusals.map(\.reason) == [
                    "the username appears earlier in the file", "the username exists already",
                    "a malformed or too costly sha256crypt hash",
                    "an unsupported password hash scheme (md5$)",
                    "2 fields where the header names 3", "not UTF-8 text", "the email address is in use",
                ])
        #expect(try count("SELECT count(*) FROM users") == 1, "only bob, who was there")
        #expect(try count("SELECT count(*) FROM auth_events WHERE kind = 'users_imported'") == 0)
        guard case .imported(let dry) = try run(bytes, .csv, conflict: .skip, dryRun: true) else {
            Issue.record("the dry run failed")
            return
        }
        #expect(dry.dryRun && dry.imported == 1 && dry.skipped == 3 && dry.refused == 4)
        #expect(try count("SELECT count(*) FROM users") == 1, "a dry run kept rows")
    }

    /// Marks every address stored so far as verified: only a verified address stops a row.
    private func verifyEveryEmail() throws {
        try workers.database.write { db in
            try db.execute("UPDATE users SET email_verified_at = 1 WHERE email IS NOT NULL")
        }
    }

    @Test func aRowStoppedByAnAddressIsBlamedNotALaterRowWithItsUsername() throws {
        let sha = try Self.hash("mkpasswd", ["-m", "sha256crypt", "--stdin"], "a password")
        var erin = Seeds.bob
        (erin.username, erin.email) = ("erin", "Shared@Example.com")
        _ = try Seeds.register(erin, with: workers)
        try verifyEveryEmail()
        let csv =
            "username,password_hash,email\ndora,\(sha),shared@example.com\ncarl,\(sha),shared@example.com\n"
            + "carl,\(sha),carl@example.com\n"
        guard case .imported(let summary) = try run(csv, .csv, conflict: .skip) else {
            Issue.record("not imported")
            return
        }
        #expect(summary.imported == 1 && summary.skipped == 2)
        #expect(
            summary.refusals == [
                .init(line: 2, reason: "the email address is in use"),
                .init(line: 3, reason: "the email address is in use"),
            ])
        #expect(try count("SELECT count(*) FROM users WHERE email = 'carl@example.com'") == 1)
    }

    @Test func aBadPhoneIsRefusedWithWhatIsWrongWithIt() throws {
        let sha = try Self.hash("mkpasswd", ["-m", "sha256crypt", "--stdin"], "a password")
        guard case .refused(let summary) = try run("username,password_hash,phone\nolga,\(sha),12345\n", .csv) else {
            Issue.record("a bad phone was imported")
            return
        }
        #expect(
            summary.refusals.map(\.reason) == [
                "invalid phone number: it must start with + or 00 and the country calling code"
            ])
    }

    @Test func theFileItselfCanBeRefusedBeforeAnyRow() throws {
        let cases: [([UInt8], ImportFormat, String)] = [
            ([], .csv, "The file is empty: a CSV import starts with a header row."),
            (Array("username,username\n".utf8), .csv, "The header names the column username twice."),
            (Array("username,email\n".utf8), .csv, "The header must name the columns username and password_hash."),
            (Array("alice,$6$x$y\n".utf8), .csv, "Line 1 is not a header:"),
            (Array("username,password_hash\n\"alice,$6$".utf8), .csv, "Line 2: a quoted field is never closed"),
            (Array(repeating: UInt8(ascii: "a"), count: 200_000), .htpasswd, "Line 1 is longer than 64 KiB"),
            ([], .django, "The file is empty: no auth_user rows."),
            (Array("id,username,email\n".utf8), .django, "Line 1 is not a header naming username and password"),
            (Array("username,password,password\n".utf8), .django, "The header names the column password twice."),
        ]
        for (bytes, format, message) in cases {
            guard case .unreadable(let problem) = try run(bytes, format) else {
                Issue.record("\(message): not refused")
                continue
            }
            #expect(problem.message.hasPrefix(message), "\(problem.message)")
        }
    }

    @Test func progressComesEvery10000RowsWithTheShareOfTheFileRead() throws {
        let sha = try Self.hash("mkpasswd", ["-m", "sha512crypt", "--stdin"], "a password")
        let path = folder.path + "/many.csv"
        let rows = (0..<25_000).map { "user\($0),\(sha)\n" }.joined()
        try ("username,password_hash\n" + rows).write(toFile: path, atomically: true, encoding: .utf8)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let spy = ImportUsersPresentationSpy()
        ImportUsersInteractor(presenter: spy, workers: workers).importUsers(
            request: .init(descriptor: descriptor, format: .csv, conflict: .fail, dryRun: true, actor: Self.actor))
        #expect(spy.progress.map(\.rows) == [10_000, 20_000])
        let shares = spy.progress.compactMap(\.fraction)
        #expect(shares.count == 2 && shares[0] > 0 && shares[0] < shares[1] && shares[1] <= 1, "\(shares)")
    }

    @Test func theProgressLineSaysTheRateTheShareAndTheTimeLeft() {
        final class Display: ImportUsersDisplayLogic {
            var lines: [String] = []
            func displayProgress(line: String) { lines.append(line) }
            func displayImport(viewModel: ImportUsers.ViewModel) {}
        }
        let display = Display()
        let presenter = ImportUsersPresenter()
        presenter.display = display
        presenter.presentProgress(response: .init(rows: 10_000, seconds: 2, fraction: 0.25))
        presenter.presentProgress(response: .init(rows: 20_000, seconds: 4, fraction: nil))
        #expect(display.lines == ["10000 rows, 5000 rows/s, 25%, about 6 s left", "20000 rows, 5000 rows/s"])
    }

    @Test func updateReplacesAnExistingAccountsHash() throws {
        _ = try Seeds.register(Seeds.bob, with: workers)
        let sha = try Self.hash("mkpasswd", ["-m", "sha512crypt", "--stdin"], "bob's imported password")
        guard case .imported(let summary) = try run("bob:\(sha)\n", .htpasswd, conflict: .update) else {
            Issue.record("not updated")
            return
        }
        #expect(summary.updated == 1 && summary.imported == 0)
        #expect(signIn("bob", "bob's imported password"))
    }

    /// Django's own `auth_user` (its migrations, its `make_password`), one account per hasher, an
    /// unusable password, an inactive account and a superuser; exported the three ways.
    static let djangoExports: Result<[DjangoTool.Export: Data], DjangoTool.DjangoToolError> = {
        var alice = DjangoTool.User("alice", "alice's django password", hasher: "pbkdf2_sha256")
        alice.superuser = true
        alice.firstName = "Alice"
        alice.lastName = "Liddell"
        alice.email = "alice@example.com"
        var bob = DjangoTool.User("bob", "bob's django password", hasher: "argon2")
        bob.email = "bob@example.com"
        var heidi = DjangoTool.User("heidi", "heidi's django password", hasher: "pbkdf2_sha256")
        heidi.active = false
        let users = [
            alice, bob, DjangoTool.User("carol", "carol's django password", hasher: "bcrypt_sha256"),
            DjangoTool.User("dave", "dave's django password", hasher: "scrypt"),
            DjangoTool.User("erin", "erin's django password", hasher: "pbkdf2_sha1"),
            DjangoTool.User("frank", "frank's django password", hasher: "bcrypt"),
            DjangoTool.User("grace", "grace's django password", hasher: nil), heidi,
        ]
        do {
            var exports: [DjangoTool.Export: Data] = [:]
            for export in DjangoTool.Export.allCases {
                exports[export] = try DjangoTool.users(users, exportedBy: export)
            }
            return .success(exports)
        } catch {
            return .failure(DjangoTool.DjangoToolError(description: "\(error)"))
        }
    }()

    @Test func aDjangoExportWithoutAHeaderIsRefusedWithHowToExportOne() throws {
        let csv = try #require(try Self.djangoExports.get()[.sqliteWithoutHeader])
        guard case .unreadable(let problem) = try run(Array(csv), .django) else {
            Issue.record("a headerless export was read")
            return
        }
        #expect(problem.message.contains("sqlite3 -csv -header"), "\(problem.message)")
        #expect(try count("SELECT count(*) FROM users") == 0)
    }

    @Test(arguments: [DjangoTool.Export.sqliteWithHeader, .psqlCopy])
    func aDjangoAuthUserExportImportsAndEachHasherSignsIn(_ export: DjangoTool.Export) throws {
        let csv = try #require(try Self.djangoExports.get()[export])
        guard case .imported(let summary) = try run(Array(csv), .django) else {
            Issue.record("not imported: \(String(decoding: csv, as: UTF8.self))")
            return
        }
        #expect(summary.imported == 8 && summary.refused == 0)
        #expect(try count("SELECT count(*) FROM imported_passwords") == 7, "grace has no password")
        for name in ["alice", "bob", "carol", "dave", "erin", "frank"] {
            #expect(!signIn(name, "\(name)'s old password"), "\(name)")
            #expect(signIn(name, "\(name)'s django password"), "\(name)")
        }
        #expect(!signIn("grace", "grace's django password"), "an unusable password signed in")
        #expect(!signIn("heidi", "heidi's django password"), "an inactive account signed in")
        #expect(try count("SELECT count(*) FROM imported_passwords") == 1, "only heidi's is left")
        #expect(try count("SELECT count(*) FROM users WHERE disabled_at IS NOT NULL") == 1)
        #expect(
            try count(
                "SELECT count(*) FROM user_roles JOIN users ON users.id = user_roles.user_id "
                    + "WHERE role = 'admin' AND username = 'alice'") == 1)
        let alice = try workers.database.read { db in
            try db.queryFirst("SELECT display_name, email, created_at FROM users WHERE username = 'alice'") {
                (try $0.string("display_name"), try $0.string("email"), try $0.int64("created_at"))
            }
        }
        #expect(alice?.0 == "Alice Liddell" && alice?.1 == "alice@example.com")
        // date_joined is when the export was made, give or take the test's run.
        let joined = Double(alice?.2 ?? 0)
        #expect(abs(joined - Date().timeIntervalSince1970) < 3600, "date_joined: \(joined)")
    }
}
