import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// One test per defect of issue 9's sections 2–5, each through the built binary.
@Suite struct CLIDefectTests {
    let cli = CLIHarness()
    let password = CLIHarness.password

    /// Exactly one line on stderr, starting `latchkey: `, and no signal.
    private func expectOneLine(_ result: CLIResult, _ status: Int32, sourceLocation: SourceLocation = #_sourceLocation)
    {
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.signalled, sourceLocation: sourceLocation)
        #expect(result.errorLines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("latchkey: "), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    // 4. Unwritable stdout or stderr.
    @Test func aFullStandardOutputExitsSeventyFourWithOneLineAndNoTrap() throws {
        try cli.registerAndLogin()
        let result = try CLIHarness.run(
            "/bin/sh", ["-c", "exec \"$0\" whoami >/dev/full", CLIHarness.binary], environment: cli.environment,
            stdin: nil)
        expectOneLine(result, 74)
        let closed = try CLIHarness.run(
            "/bin/sh", ["-c", "exec \"$0\" whoami >&-", CLIHarness.binary], environment: cli.environment, stdin: nil)
        expectOneLine(closed, 74)
        let fullError = try CLIHarness.run(
            "/bin/sh", ["-c", "exec \"$0\" whoami --bogus 2>/dev/full", CLIHarness.binary],
            environment: cli.environment, stdin: nil)
        #expect(fullError.status == 64)
        #expect(!fullError.signalled)
    }

    // 5. Parser errors in the documented format.
    @Test(arguments: [
        ["history", "--limit", "0", "--json"], ["whoami", "--bogus"], ["history", "--limit"],
        ["login", "alice", "--show-token"], ["frobnicate"], ["register"],
    ])
    func parserErrorsAreOneLatchkeyLineExitSixtyFour(_ arguments: [String]) throws {
        let result = try cli.run(arguments)
        expectOneLine(result, 64)
        #expect(!result.stderr.contains("Usage:"))
        if arguments.contains("--json") {
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let error = object?["error"] as? [String: Any]
            #expect(error?["exit_code"] as? Int == 64)
        }
    }

    // 6. Options before the subcommand.
    @Test func globalOptionsWorkBeforeTheSubcommand() throws {
        try cli.registerAndLogin()
        let path = cli.home + "/other.sqlite3"
        let registered = try cli.run(
            ["--database", path, "register", "bob", "--password-stdin"], stdin: password + "\n")
        #expect(registered.status == 0, "\(registered.stderr)")
        #expect(FileManager.default.fileExists(atPath: path))
        let json = try cli.run(["--json", "whoami"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.hasPrefix("{"))
    }

    // 7. Invalid UTF-8 in a password.
    @Test func invalidUTF8PasswordsAreRefusedNotTurnedIntoReplacementCharacters() throws {
        let invalid = try cli.runBytes(
            ["register", "alice", "--password-stdin"], stdin: [UInt8](repeating: 0xFF, count: 20) + [10])
        expectOneLine(invalid, 65)
        #expect(invalid.stderr.contains("UTF-8"))
        try cli.registerAndLogin()
        let login = try cli.runBytes(
            ["login", "alice", "--password-stdin"], stdin: [UInt8](repeating: 0xFE, count: 20) + [10])
        expectOneLine(login, 65)
    }

    // 8. A phone with a combining mark or a keycap.
    @Test(arguments: ["+4\u{0301}4 20 7946 0958", "+1\u{FE0F}\u{20E3} 212 555 0134", "+44 20 7946 095\u{0308}8"])
    func phonesWithCombiningMarksAreInvalidInputNotStorageErrors(_ phone: String) throws {
        let result = try cli.run(["register", "alice", "--password-stdin", "--phone", phone], stdin: password + "\n")
        expectOneLine(result, 65)
        #expect(!result.stderr.contains("CHECK"))
        #expect(try cli.query("SELECT count(*) FROM users") == ["0"])
    }

    // 9. Terminal spoofing.
    @Test(arguments: [
        ["--name", "Bob\u{2028}  Email: admin@corp.example"], ["--name", "Bob\u{202E}nimda"],
        ["--name", "Bo\u{200B}b"],
        ["--name", "Bob\u{2066}x\u{2069}"], ["--email", "bob\u{202E}@example.com"],
        ["--email", "bob\u{9B}2J@example.com"],
        ["--email", "b\u{200B}ob@example.com"],
    ])
    func namesAndEmailsThatCouldSpoofATerminalAreRefused(_ option: [String]) throws {
        let result = try cli.run(["register", "bob", "--password-stdin"] + option, stdin: password + "\n")
        expectOneLine(result, 65)
    }

    @Test func olderDataWithControlCharactersIsEscapedOnDisplay() throws {
        try cli.registerAndLogin()
        try cli.tamper(
            "UPDATE users SET display_name = 'Bob' || char(8232) || '  Email: admin@corp.example' || char(27) || '[2J'")
        let whoami = try cli.run(["whoami"])
        #expect(whoami.status == 0)
        #expect(whoami.stdout.contains("\\u{2028}"))
        #expect(!whoami.stdout.contains("\u{2028}"))
        #expect(!whoami.stdout.contains("\u{1B}"))
    }

    // 10. A name matching no account is never stored in clear.
    @Test func aPasswordTypedAsAUsernameIsStoredOnlyAsAKeyedHash() throws {
        try cli.registerAndLogin()
        let typo = "MySecretPassword123"
        _ = try cli.run(["login", typo, "--password-stdin"], stdin: "whatever it is\n")
        let stored = try cli.query(
            "SELECT username_key FROM auth_events UNION ALL SELECT throttle_key FROM login_throttle")
        #expect(!stored.contains { $0.lowercased().contains("mysecret") })
        #expect(stored.contains { $0.hasPrefix("hmac:") })
        #expect(FileManager.default.fileExists(atPath: cli.database + ".key"))
        #expect(try permissions(of: cli.database + ".key") == 0o600)
    }

    // 11. The session path is never replaced when it is not a regular file.
    @Test func aSessionPathThatIsADeviceOrALinkIsRefusedAndLeftAlone() throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        let fifo = cli.home + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let device = try cli.run(
            ["login", "alice", "--password-stdin"], stdin: password + "\n",
            extraEnvironment: ["LATCHKEY_SESSION_FILE": fifo])
        expectOneLine(device, 74)
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        let target = cli.home + "/target"
        let link = cli.home + "/link"
        #expect(symlink(target, link) == 0)
        let linked = try cli.run(
            ["login", "alice", "--password-stdin"], stdin: password + "\n",
            extraEnvironment: ["LATCHKEY_SESSION_FILE": link])
        expectOneLine(linked, 74)
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aSessionFolderWritableByOthersIsRefusedWithTheFix() throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        let folder = cli.home + "/open"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o777)
        let result = try cli.run(
            ["login", "alice", "--password-stdin"], stdin: password + "\n",
            extraEnvironment: ["LATCHKEY_SESSION_FILE": folder + "/session"])
        expectOneLine(result, 74)
        #expect(result.stderr.contains("chmod 700"))
        #expect(try cli.query("SELECT count(*) FROM sessions WHERE revoked_at IS NULL") == ["0"])
    }

    // 12. The session file is read only as far as a token reaches.
    @Test func aHugeSessionFileIsNotALatchkeySessionFile() throws {
        try cli.registerAndLogin()
        let handle = try #require(FileHandle(forWritingAtPath: cli.sessionFile))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(count: 8 << 20))
        try handle.close()
        let result = try cli.run(["whoami"])
        expectOneLine(result, 74)
        #expect(result.stderr.contains("not a Latchkey session file"))
    }

    // 13. No temporary session file is left behind.
    @Test func loginLeavesNoTemporarySessionFile() throws {
        try cli.registerAndLogin()
        let folder = (cli.sessionFile as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["session"])
    }

    // 14. Logout with a session file it cannot read (modes do not stop root, so as root the file is
    // damaged instead: either way the token cannot be read).
    @Test func logoutWithAnUnreadableSessionFileKeepsTheFileAndTheSession() throws {
        try cli.registerAndLogin()
        if getuid() == 0 {
            try Data("damaged\n".utf8).write(to: URL(fileURLWithPath: cli.sessionFile))
        } else {
            chmod(cli.sessionFile, 0)
        }
        let result = try cli.run(["logout"])
        expectOneLine(result, 74)
        #expect(FileManager.default.fileExists(atPath: cli.sessionFile))
        #expect(try cli.query("SELECT count(*) FROM sessions WHERE revoked_at IS NULL") == ["1"])
    }

    // 15. A relative session file path.
    @Test func aRelativeSessionFileIsResolvedAgainstTheWorkingFolder() throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        let result = try CLIHarness.run(
            "/bin/sh", ["-c", "cd \"$1\" && exec \"$0\" login alice --password-stdin", CLIHarness.binary, cli.home],
            environment: cli.environment.merging(["LATCHKEY_SESSION_FILE": "relative-session"]) { $1 },
            stdin: password + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: cli.home + "/relative-session"))
    }

    // 16. A foreign SQLite database is refused untouched.
    @Test func anotherProgramsDatabaseIsRefusedByteForByteUnchanged() throws {
        let path = cli.home + "/foreign.sqlite3"
        try CLIHarness.makeForeignDatabase(at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try cli.run(["--database", path, "whoami"])
        expectOneLine(result, 74)
        #expect(result.stderr.contains("not a Latchkey"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    // 17. `--database :memory:`.
    @Test func anInMemoryDatabaseIsAUsageErrorAndLeavesNoFile() throws {
        let result = try CLIHarness.run(
            "/bin/sh",
            [
                "-c", "cd \"$1\" && exec \"$0\" register alice --password-stdin --database :memory:", CLIHarness.binary,
                cli.home,
            ],
            environment: cli.environment, stdin: password + "\n")
        expectOneLine(result, 64)
        #expect(!FileManager.default.fileExists(atPath: cli.home + "/:memory:"))
    }

    // 18. Private database files, whatever the path.
    @Test func aDatabaseCreatedThroughADanglingLinkIsPrivate() throws {
        let target = cli.home + "/real.sqlite3"
        let link = cli.home + "/link.sqlite3"
        #expect(symlink(target, link) == 0)
        let result = try cli.run(["--database", link, "register", "alice", "--password-stdin"], stdin: password + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try permissions(of: target) == 0o600)
    }

    @Test func aDatabaseReadableByOthersIsRefusedWithTheFix() throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        chmod(cli.database, 0o644)
        let result = try cli.run(["whoami"])
        expectOneLine(result, 74)
        #expect(result.stderr.contains("chmod 600"))
    }

    // 20. A tampered database is an error, never a trap.
    @Test(arguments: [
        "UPDATE users SET last_login_at = 9223372036854775807",
        "UPDATE users SET created_at = -9223372036854775808",
    ])
    func outOfRangeTimesInTheDatabaseAreAStorageErrorNotATrap(_ tamper: String) throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        try cli.tamper(tamper)
        let result = try cli.run(["login", "alice", "--password-stdin"], stdin: password + "\n")
        expectOneLine(result, 74)
    }

    @Test func anOutOfRangeThrottleWindowIsAStorageErrorNotATrap() throws {
        try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        _ = try cli.run(["login", "alice", "--password-stdin"], stdin: "a wrong guess, long enough\n")
        try cli.tamper("UPDATE login_throttle SET window_started_at = -9223372036854775808")
        let result = try cli.run(["login", "alice", "--password-stdin"], stdin: "a wrong guess, long enough\n")
        expectOneLine(result, 74)
    }

    // 21. NUL and control characters in new passwords.
    @Test func aPasswordOfNULBytesIsRefused() throws {
        let result = try cli.runBytes(
            ["register", "alice", "--password-stdin"], stdin: [UInt8](repeating: 0, count: 20) + [10])
        expectOneLine(result, 65)
        #expect(try cli.query("SELECT count(*) FROM users") == ["0"])
    }
}
