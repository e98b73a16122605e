import Foundation
import Latchkey

/// What one run of `latchkey` printed and returned.
struct CLIResult: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String
    /// True when the process died by a signal (a trap, a kill), never by its own exit.
    var signalled = false

    /// The lines of stderr.
    var errorLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
}

/// Runs the built `latchkey` binary in its own temporary HOME and XDG folders, with no controlling terminal.
final class CLIHarness: Sendable {
    let home: String

    /// A fresh temporary HOME; a machine that cannot make one cannot run these tests at all.
    init() {
        var template = Array((NSTemporaryDirectory() + "/latchkey-cli-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { preconditionFailure("cannot create a temporary folder") }
        home = String(cString: created)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: home)
    }

    var database: String { home + "/data/latchkey/latchkey.sqlite3" }
    var sessionFile: String { home + "/state/latchkey/session" }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LATCHKEY_") }
        environment["HOME"] = home
        environment["XDG_DATA_HOME"] = home + "/data"
        environment["XDG_STATE_HOME"] = home + "/state"
        environment["XDG_CONFIG_HOME"] = home + "/config"
        return environment
    }

    /// The binary `swift build` put beside this test bundle.
    static let binary: String = {
        if let explicit = ProcessInfo.processInfo.environment["LATCHKEY_TEST_BINARY"] { return explicit }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for folder in candidates {
            let path = folder.appendingPathComponent("latchkey").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/latchkey").path
    }()

    /// Runs `latchkey arguments…` in a new session, feeding `stdin` as raw bytes (invalid UTF-8, NUL).
    func runBytes(_ arguments: [String], stdin: [UInt8]) throws -> CLIResult {
        try Self.run(Self.binary, arguments, environment: environment, stdinData: Data(stdin), directory: home)
    }

    /// Runs `sql` on the database with Python's sqlite3 (no migration, as another program would).
    func tamper(_ sql: String) throws {
        let script = "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()"
        let result = try Self.run(
            "/usr/bin/env", ["python3", "-c", script, database, sql], environment: ProcessInfo.processInfo.environment,
            stdinData: nil)
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// A SQLite file with another program's table and no Latchkey bookkeeping (made by Python's sqlite3).
    static func makeForeignDatabase(at path: String) throws {
        let script =
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('CREATE TABLE users (x)'); c.commit()"
        let result = try run(
            "/usr/bin/env", ["python3", "-c", script, path], environment: ProcessInfo.processInfo.environment,
            stdinData: nil)
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        chmod(path, 0o600)
    }

    /// Runs `latchkey arguments…` in a new session (so no terminal), feeding `stdin`.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:]) throws
        -> CLIResult
    {
        try Self.run(
            Self.binary, arguments, environment: environment.merging(extraEnvironment) { $1 },
            stdinData: stdin.map { Data($0.utf8) }, directory: home)
    }

    /// Registers and signs in `alice` with a known password; returns nothing, fails loudly.
    func registerAndLogin(_ username: String = "alice", password: String = CLIHarness.password) throws {
        let registered = try run(["register", username, "--password-stdin"], stdin: password + "\n")
        let signedIn = try run(["login", username, "--password-stdin"], stdin: password + "\n")
        guard registered.status == 0, signedIn.status == 0 else {
            throw CocoaError(
                .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: registered.stderr + signedIn.stderr])
        }
    }

    static let password = "correct horse battery staple"

    static func run(_ executable: String, _ arguments: [String], environment: [String: String], stdin: String?)
        throws -> CLIResult
    {
        try run(executable, arguments, environment: environment, stdinData: stdin.map { Data($0.utf8) })
    }

    /// Runs `executable` in a new session (so no terminal), feeding `stdin`, and waits for its exit.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], stdinData stdin: Data?,
        directory: String? = nil
    ) throws -> CLIResult {
        let process = try SpawnedProcess(
            executable, arguments, environment: environment, directory: directory, stdin: stdin.map { [UInt8]($0) })
        return CLIResult(try process.wait())
    }
}

extension CLIResult {
    init(_ exit: SpawnedProcess.Exit) {
        self.init(status: exit.status, stdout: exit.output, stderr: exit.errors, signalled: exit.signalled)
    }
}

/// A `latchkey` process started and not yet waited for, so several can run at once.
final class RunningCLI {
    let process: SpawnedProcess

    /// Starts the process; with `held`, its standard input waits for `release()` (it reads nothing
    /// before).
    init(
        _ executable: String, _ arguments: [String], environment: [String: String], stdin: String?,
        grouping: SpawnedProcess.Grouping = .newSession, held: Bool = false
    ) throws {
        process = try SpawnedProcess(
            executable, arguments, environment: environment, stdin: held ? nil : stdin.map { Array($0.utf8) },
            holdingInput: held, grouping: grouping)
        heldInput = held ? Array((stdin ?? "").utf8) : []
    }

    private let heldInput: [UInt8]

    /// Gives a held process its standard input.
    func release() { process.release(heldInput) }

    /// Waits for the exit and reads what it printed.
    func wait() throws -> CLIResult { CLIResult(try process.wait()) }
}

extension CLIHarness {
    /// Starts `latchkey arguments…` without waiting for it, in a new session (no terminal) unless
    /// `direct`, where it runs in a process group of its own in this session (a test can kill it
    /// either way: the process is the binary itself).
    func start(
        _ arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:], direct: Bool = false
    ) throws -> RunningCLI {
        try RunningCLI(
            Self.binary, arguments, environment: environment.merging(extraEnvironment) { $1 }, stdin: stdin,
            grouping: direct ? .ownGroup : .newSession)
    }

    /// Runs every command at once and waits for all of them.
    func runTogether(_ commands: [(arguments: [String], stdin: String?, environment: [String: String])]) throws
        -> [CLIResult]
    {
        // Every process is started first and let go at one moment, its input held back until then:
        // started one by one, the first could finish before the last had begun.
        let running = try commands.map {
            try RunningCLI(
                Self.binary, $0.arguments, environment: environment.merging($0.environment) { $1 }, stdin: $0.stdin,
                held: true)
        }
        running.forEach { $0.release() }
        return try running.map { try $0.wait() }
    }

    /// One value of the database, read by a second connection (e.g. `SELECT count(*) FROM users`).
    func query(_ sql: String) throws -> [String] {
        try DatabaseWorker(.file(path: database)).read { db in
            try db.query(sql) { row in (0..<row.count).map { plain(row.value(at: $0)) }.joined(separator: "|") }
        }
    }

    /// `PRAGMA integrity_check` of the database ("ok" when sound).
    func integrity() throws -> String { try query("PRAGMA integrity_check").joined(separator: "\n") }

    /// A second session file, for a second "terminal" of the same user.
    func sessionFile(_ name: String) -> [String: String] { ["LATCHKEY_SESSION_FILE": home + "/" + name] }
}

/// A value as `sqlite3` prints it.
private func plain(_ value: SQLValue) -> String {
    switch value {
    case .null: ""
    case .integer(let number): String(number)
    case .real(let number): String(number)
    case .text(let text): text
    case .blob(let bytes): bytes.map { String(format: "%02x", $0) }.joined()
    }
}

/// Long suites run in full when `LATCHKEY_STRESS=1` (CI sets it); otherwise a quick version.
enum Stress {
    static var isOn: Bool { ProcessInfo.processInfo.environment["LATCHKEY_STRESS"] == "1" }

    /// `quick` normally, `full` under stress.
    static func scale(quick: Int, full: Int) -> Int { isOn ? full : quick }

    /// The seed to replay (`LATCHKEY_SEED`), or a new one; printed so a failure can be replayed.
    static func seed(_ suite: String) -> UInt64 {
        let seed =
            ProcessInfo.processInfo.environment["LATCHKEY_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64(UInt32.max))
        print("\(suite): seed \(seed) (replay with LATCHKEY_SEED=\(seed))")
        return seed
    }
}

/// A small reproducible generator (SplitMix64), so a seed replays the same run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
