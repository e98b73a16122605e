import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The CLI on the throwaway PostgreSQL server: several machines on one database, moving a database
/// between the engines, and a server that is away or refuses the sign-in.
@Suite(
    .enabled(if: TestEngine.available.contains(.postgresql), "needs PostgreSQL server binaries"),
    .tags(.postgres, .binary))
struct CLIPostgresTests {
    let password = CLIHarness.password

    /// A "machine": its own HOME, pointed at `url`, with its copy of the installation's key file.
    struct Machine {
        let cli = CLIHarness()
        let environment: [String: String]

        init(url: String, key: [UInt8]) throws {
            let path = cli.home + "/installation.key"
            _ = FileManager.default.createFile(
                atPath: path, contents: Data(key), attributes: [.posixPermissions: 0o600])
            environment = ["LATCHKEY_DATABASE": url, "LATCHKEY_SECRET_KEY_FILE": path]
        }

        @discardableResult
        func run(_ arguments: [String], stdin: String? = nil) throws -> CLIResult {
            try cli.run(arguments, stdin: stdin, extraEnvironment: environment)
        }
    }

    private func url() throws -> String {
        guard case .postgresql(let url) = try TestEngine.postgresql.freshDatabase() else { preconditionFailure() }
        return url
    }

    private func count(_ sql: String, in url: String) throws -> Int {
        let worker = try DatabaseWorker(.postgresql(url: url))
        return try worker.read { db in Int(try db.queryFirst(sql) { try $0.int64(at: 0) } ?? -1) }
    }

    @Test func twoMachinesOnOneDatabaseShareAccountsSessionsAndTheThrottle() throws {
        let url = try url()
        let key = RandomBytes.make(32)
        let first = try Machine(url: url, key: key)
        let second = try Machine(url: url, key: key)
        // Registered on one, signs in on the other.
        #expect(try first.run(["register", "alice", "--password-stdin"], stdin: password + "\n").status == 0)
        #expect(try second.run(["login", "alice", "--password-stdin"], stdin: password + "\n").status == 0)
        #expect(try second.run(["whoami"]).stdout.hasPrefix("alice"))
        // A password change on the first ends the second's session.
        #expect(try first.run(["login", "alice", "--password-stdin"], stdin: password + "\n").status == 0)
        let changed = try first.run(
            ["passwd", "--password-stdin"], stdin: password + "\n" + "a brand new passphrase here\n")
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(try second.run(["whoami"]).status == 1)
        // Eight parallel wrong guesses, four from each machine, twelve rounds: at most five verified.
        for _ in 0..<12 {
            let results = try first.cli.runTogether(
                (0..<8).map { index in
                    let machine = index % 2 == 0 ? first : second
                    return (
                        ["login", "alice", "--password-stdin"], "a wrong guess, long enough\n",
                        machine.cli.environment.merging(machine.environment) { $1 }
                    )
                })
            #expect(results.allSatisfy { $0.status == 1 && !$0.signalled }, "\(results.map(\.stderr))")
        }
        let verified = try count("SELECT count(*) FROM auth_events WHERE reason = 'bad_credentials'", in: url)
        #expect(verified <= 5, "\(verified) passwords verified")
        // A third machine with a key file of its own is told so, before anything else.
        let stranger = try Machine(url: url, key: RandomBytes.make(32))
        let refused = try stranger.run(["whoami"])
        #expect(refused.status == 74)
        #expect(refused.errorLines.count == 1)
        #expect(refused.stderr.contains("is not the one this database is used with"), "\(refused.stderr)")
        // The lock the two machines built together holds on both, for the right password too.
        for machine in [first, second] {
            let right = try machine.run(["login", "alice", "--password-stdin"], stdin: "a brand new passphrase here\n")
            #expect(right.status == 1)
        }
    }

    @Test func aDatabaseMovesToPostgreSQLAndBackWithEveryoneStillSignedIn() throws {
        let url = try url()
        let cli = CLIHarness()
        try cli.registerAndLogin()
        // A name without an account is audited under a keyed hash: the key file now exists and must move.
        #expect(try cli.run(["login", "nobody-here", "--password-stdin"], stdin: password + "\n").status == 1)
        let copied = try cli.run(["database", "copy", "--to", url, "--json"])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stdout.contains("\"users\":1"))
        #expect(copied.stdout.contains("\"key_file\":\"copied\""))
        // The same session file signs in against the server, with the key file that moved.
        let onServer = try cli.run(["whoami"], extraEnvironment: ["LATCHKEY_DATABASE": url])
        #expect(onServer.status == 0, "\(onServer.stderr)")
        #expect(onServer.stdout.hasPrefix("alice"))
        let keyOnServerSide = cli.home + "/config/latchkey/postgresql.key"
        #expect(
            FileManager.default.contents(atPath: keyOnServerSide)
                == FileManager.default.contents(atPath: cli.database + ".key"))
        // A second copy into the now non-empty server is refused, exit 73, and changes nothing.
        let again = try cli.run(["database", "copy", "--to", url])
        #expect(again.status == 73)
        #expect(again.errorLines.count == 1)
        #expect(try count("SELECT count(*) FROM users", in: url) == 1)
        // And back into a new SQLite file.
        let back = cli.home + "/back.sqlite3"
        let returned = try cli.run(["--database", back, "database", "copy", "--from", url])
        #expect(returned.status == 0, "\(returned.stderr)")
        #expect(returned.stdout.contains("users"))
        #expect(try cli.run(["whoami"], extraEnvironment: ["LATCHKEY_DATABASE": back]).status == 0)
    }

    @Test func anUnreachableServerOrARefusedSignInIsOneLineExitSixtyNineWithoutThePassword() throws {
        let cli = CLIHarness()
        let server = try TestPostgres.shared.get()
        let urls = [
            "postgresql://alice:hunter2-secret@localhost:1/latchkey?connect_timeout=2",
            "postgresql:///postgres?host=\(cli.home)&password=hunter2-secret",
            "postgresql:///postgres?host=\(server.folder)&user=nobody&password=hunter2-secret",
        ]
        for url in urls {
            let result = try cli.run(["whoami"], extraEnvironment: ["LATCHKEY_DATABASE": url])
            #expect(result.status == 69, "\(url): \(result.stderr)")
            #expect(result.errorLines.count == 1, "\(result.stderr)")
            #expect(!result.stderr.contains("hunter2"))
            #expect(result.stderr.hasPrefix("latchkey: "))
        }
    }

    /// A server may send a notice before the sign-in completes (here: a role setting it cannot apply).
    /// libpq's default would print "WARNING: …" on stderr before Latchkey's own line; nothing from
    /// libpq may reach the terminal unworded.
    @Test func aWarningTheServerSendsWhileConnectingIsNeverPrinted() throws {
        let server = try TestPostgres.shared.get()
        let role = "noisy_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        try server.execute(
            "CREATE ROLE \(role) LOGIN SUPERUSER; ALTER ROLE \(role) SET default_text_search_config = 'nope'")
        let url = try url().replacingOccurrences(of: "user=latchkey", with: "user=" + role)
        #expect(url.contains(role))
        let machine = try Machine(url: url, key: RandomBytes.make(32))
        let registered = try machine.run(["register", "alice", "--password-stdin"], stdin: password + "\n")
        #expect(registered.status == 0, "\(registered.stderr)")
        #expect(registered.stderr == "Account alice created.\n")
        let refused = try machine.run(["login", "alice", "--password-stdin"], stdin: "wrong password here\n")
        #expect(refused.status == 1)
        #expect(refused.stderr == "latchkey: Invalid username or password.\n")
    }

    @Test(arguments: ConnectionForms.all)
    func noCommandThatPrintsAURLShowsItsPasswordInTextOrJSON(url: String, secret: String) throws {
        let cli = CLIHarness()
        #expect(try cli.run(["register", "alice", "--password-stdin"], stdin: password + "\n").status == 0)
        for json in [false, true] {
            let flags = json ? ["--json"] : []
            let results = [
                try cli.run(["whoami"] + flags, extraEnvironment: ["LATCHKEY_DATABASE": url]),
                try cli.run(["--database", url, "whoami"] + flags),
                try cli.run(["database", "copy", "--to", url] + flags),
                try cli.run(["database", "copy", "--from", url] + flags),
            ]
            for result in results {
                let output = result.stdout + result.stderr
                #expect(result.status != 0 && result.status != 70, "\(output)")
                #expect(!output.contains(secret), "\(output)")
                #expect(!output.lowercased().contains("password="), "\(output)")
            }
        }
    }
}

/// Password spellings against a server that is not there (port 1 on loopback: refused at once).
enum ConnectionForms {
    static let all: [(url: String, secret: String)] = [
        ("postgresql://alice:Sup3rSecret@127.0.0.1:1/latchkey", "Sup3rSecret"),
        ("postgresql://alice:Sup3r%53ecret@127.0.0.1:1/latchkey", "Sup3rSecret"),
        ("postgresql://127.0.0.1:1/latchkey?password=Sup3rSecret", "Sup3rSecret"),
        ("postgresql://127.0.0.1:1/latchkey?%70assword=Sup3rSecret", "Sup3rSecret"),
        ("postgresql://alice:Sup3r%zzSecret@127.0.0.1:1/latchkey", "Sup3r"),
        ("postgresql://alice:Sup3r?Secret@127.0.0.1:1/latchkey", "Sup3r"),
        ("postgresql://alice:Sup3r%3FSe%25cret@127.0.0.1:1/latchkey", "Sup3r"),
        ("postgresql://alice:Sup3r%00Secret@127.0.0.1:1/latchkey", "Sup3r"),
    ]
}
