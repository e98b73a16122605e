import Foundation
import Testing

@testable import LatchkeyTestSupport

/// Issue 9's hostile-input suite: every case through the built binary, each checking the
/// documented exit code, one `latchkey: ` line on failure, no signal, no partial row, a sound database.
@Suite(.tags(.binary)) struct CLIHostileInputTests {
    @Test func thereAreAtLeastOneHundredFiftyCases() {
        #expect(HostileCase.all.count >= 150)
    }

    @Test(arguments: HostileCase.all)
    func hostileInputGetsItsDocumentedExitAndOneClearLine(_ hostile: HostileCase) throws {
        let cli = CLIHarness()
        switch hostile.start {
        case .empty: break
        case .registered: try cli.run(["register", "alice", "--password-stdin"], stdin: CLIHarness.password + "\n")
        case .signedIn: try cli.registerAndLogin()
        }
        let usersBefore = try userCount(cli)
        let result = try run(hostile, in: cli)
        #expect(!result.signalled, "died by a signal: \(result.stderr.prefix(500))")
        #expect(result.status == hostile.expected, "\(result.stderr.prefix(500))")
        if hostile.expected != 0 {
            #expect(result.errorLines.count == 1, "\(result.stderr.prefix(500))")
            #expect(result.stderr.hasPrefix("latchkey: "))
            #expect(!result.stderr.contains("CHECK"))
            #expect(!result.stderr.contains("SELECT") && !result.stderr.contains("INSERT"))
        }
        if hostile.arguments.contains("--json") {
            #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) is [String: Any])
        }
        guard FileManager.default.fileExists(atPath: cli.database) else { return }
        #expect(try cli.integrity() == "ok")
        // No partial row: every user has a full hash, and a refused register added nobody.
        #expect(try cli.query("SELECT count(*) FROM users WHERE password_hash NOT LIKE '$argon2id$%'") == ["0"])
        let added = try userCount(cli) - usersBefore
        let registered = hostile.arguments.first == "register" && hostile.expected == 0
        #expect(added == (registered ? 1 : 0))
    }

    private func userCount(_ cli: CLIHarness) throws -> Int {
        guard FileManager.default.fileExists(atPath: cli.database) else { return 0 }
        return try cli.query("SELECT count(*) FROM users").first.flatMap { Int($0) } ?? -1
    }

    private func run(_ hostile: HostileCase, in cli: CLIHarness) throws -> CLIResult {
        guard let bytes = hostile.stdinFileBytes else {
            return try cli.runBytes(hostile.arguments, stdin: hostile.stdin ?? [])
        }
        // A sparse file of NUL bytes: the binary must read only its bounded prefix.
        let path = cli.home + "/huge-stdin"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(bytes)) == 0)
        let script = "cd \"$1\" && input=\"$2\" && shift 2 && exec \"$0\" \"$@\" < \"$input\""
        return try CLIHarness.run(
            "/bin/sh", ["-c", script, CLIHarness.binary, cli.home, path] + hostile.arguments,
            environment: cli.environment, stdinData: nil)
    }
}
