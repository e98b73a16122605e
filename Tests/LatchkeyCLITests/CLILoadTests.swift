import Dispatch
import Foundation
import Synchronization
import Testing

@testable import LatchkeyTestSupport

/// Eight processes at a time looping register, login, whoami, passwd and logout on one file: no
/// busy failure, no other failure, and an audit trail that matches what succeeded.
@Suite(.tags(.binary, .stress)) struct CLILoadTests {
    let cli = CLIHarness()

    @Test func eightLoopingClientsSeeNoBusyOrOtherFailureAndTheAuditTrailMatches() throws {
        let seconds = Double(Stress.scale(quick: 4, full: 30))
        let counts = Mutex([String: Int]())
        let failures = Mutex([String]())
        let deadline = Date().addingTimeInterval(seconds)
        let cli = cli
        DispatchQueue.concurrentPerform(iterations: 8) { client in
            let user = "client\(client)"
            let session = cli.sessionFile("load-" + user)
            var password = "the very first passphrase"
            var round = 0
            func step(_ arguments: [String], _ stdin: String, _ kind: String) {
                guard let result = try? cli.run(arguments, stdin: stdin, extraEnvironment: session) else {
                    failures.withLock { $0.append("\(kind): could not run") }
                    return
                }
                if result.status == 0 {
                    counts.withLock { $0[kind, default: 0] += 1 }
                } else {
                    failures.withLock { $0.append("\(kind) exit \(result.status): \(result.stderr)") }
                }
            }
            step(["register", user, "--password-stdin"], password + "\n", "registered")
            while Date() < deadline {
                round += 1
                step(["login", user, "--password-stdin"], password + "\n", "login_succeeded")
                step(["whoami"], "", "whoami")
                let new = "passphrase number \(round) here"
                step(["passwd", "--password-stdin"], password + "\n" + new + "\n", "password_changed")
                password = new
                step(["logout"], "", "logged_out")
            }
        }
        let seen = counts.withLock { $0 }
        #expect(failures.withLock { $0 } == [])
        for kind in ["registered", "login_succeeded", "password_changed", "logged_out"] {
            let audited = try cli.query("SELECT count(*) FROM auth_events WHERE kind = '\(kind)'")
            #expect(audited == ["\(seen[kind] ?? 0)"], "\(kind)")
        }
        let operations = seen.values.reduce(0, +)
        print(
            "load suite: 8 clients, \(Int(seconds)) s, \(operations) operations, "
                + "\(String(format: "%.1f", Double(operations) / seconds)) operations/s, by kind \(seen.sorted { $0.key < $1.key })"
        )
    }
}
