import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Seeded SIGKILLs of register, login, logout and passwd processes on one database file: afterwards
/// the file is sound, every command that exited 0 kept its effect, and no token is left lying around.
@Suite(.tags(.binary, .stress)) struct CLICrashTests {
    let cli = CLIHarness()

    @Test func killedProcessesLeaveASoundDatabaseAndKeepEveryAcknowledgedChange() throws {
        let kills = Stress.scale(quick: 30, full: 220)
        var random = SeededGenerator(seed: Stress.seed("crash suite"))
        let users = ["ann", "ben", "cat", "dan"]
        // Passwords a user may have now: a killed passwd may or may not have committed its new one.
        var candidates = Dictionary(uniqueKeysWithValues: users.map { ($0, ["the first passphrase of \($0)"]) })
        var registered: Set<String> = []  // acknowledged by exit 0
        var revokedTokens: [SessionToken] = []
        var killed = 0
        var step = 0
        while killed < kills {
            step += 1
            let user = users.randomElement(using: &random)!
            let session = cli.sessionFile("sessions/" + user)
            let current = candidates[user]!.last!
            let new = "passphrase \(step) of \(user)"
            let command: [String]
            let stdin: String
            var tokenBefore: SessionToken?
            switch Int.random(in: 0..<4, using: &random) {
            case 0: (command, stdin) = (["register", user, "--password-stdin"], current + "\n")
            case 1: (command, stdin) = (["login", user, "--password-stdin"], current + "\n")
            case 2:
                tokenBefore = SessionToken(file: cli.home + "/sessions/" + user)
                (command, stdin) = (["logout"], "")
            default: (command, stdin) = (["passwd", "--password-stdin"], current + "\n" + new + "\n")
            }
            let running = try cli.start(command, stdin: stdin, extraEnvironment: session, direct: true)
            let delay = useconds_t(Int.random(in: 0..<60_000, using: &random))
            usleep(delay)
            let wasRunning = running.process.isRunning
            if wasRunning { kill(running.process.processIdentifier, SIGKILL) }
            let result = try running.wait()
            if result.signalled {
                killed += 1
                if command[0] == "passwd" { candidates[user]!.append(new) }
                continue
            }
            #expect([0, 1, 65].contains(result.status), "\(command): \(result.stderr)")
            guard result.status == 0 else { continue }
            switch command[0] {
            case "register": registered.insert(user)
            case "passwd": candidates[user] = [new]
            case "logout": if let tokenBefore { revokedTokens.append(tokenBefore) }
            default: break
            }
        }
        try checkAfterwards(registered: registered, candidates: candidates, revoked: revokedTokens, users: users)
        print("crash suite: \(killed) kills in \(step) commands")
    }

    private func checkAfterwards(
        registered: Set<String>, candidates: [String: [String]], revoked: [SessionToken], users: [String]
    ) throws {
        #expect(try cli.integrity() == "ok")
        #expect(try cli.query("SELECT count(*) FROM users WHERE password_hash NOT LIKE '$argon2id$%'") == ["0"])
        #expect(
            try cli.query("SELECT max(version) FROM latchkey_migrations") == [
                "\(Migration.sqlite.map(\.version).max() ?? 0)"
            ])
        let stored = Set(try cli.query("SELECT username FROM users"))
        // Every register that exited 0 is there (a killed one may be too).
        #expect(registered.isSubset(of: stored), "acknowledged accounts missing: \(registered.subtracting(stored))")
        for user in stored {
            // One of the passwords the user may have works: an acknowledged passwd was kept.
            let works = try candidates[user]!.contains { password in
                try cli.run(
                    ["login", user, "--password-stdin"], stdin: password + "\n",
                    extraEnvironment: cli.sessionFile("check-" + user)
                ).status == 0
            }
            #expect(works, "no known password of \(user) works")
        }
        for token in revoked {
            let hex = SHA256Digest.hash(Array(token.secret.utf8)).map { String(format: "%02x", $0) }.joined()
            let live = try cli.query(
                "SELECT count(*) FROM sessions WHERE hex(token_hash) = upper('\(hex)') AND revoked_at IS NULL")
            #expect(live == ["0"], "a session ended by an acknowledged logout is live again")
        }
        let folder = cli.home + "/sessions"
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix(".") }
        #expect(leftovers ?? [] == [], "temporary session files left: \(leftovers ?? [])")
    }
}

extension SessionToken {
    /// The token in a session file, if it holds one.
    fileprivate init?(file path: String) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        self.init(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
