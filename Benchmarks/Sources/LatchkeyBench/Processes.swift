import CRawSQLite
import Foundation

/// Case 4: the CLI as a process, timed interleaved with the programs it is compared with, which the
/// harness builds itself: a Swift hello that imports Foundation, a plain Swift hello, the same built
/// with `-static-stdlib` (as the release `latchkey` is), `sqlite3` doing the same lookup, and a C program
/// that only verifies the same Argon2id hash.
struct Processes {
    let latchkey: String
    let population: Population
    let hash: String

    func measure(rounds: Int, into cases: inout Cases) throws {
        let folder = population.folder
        try build(folder)
        let token = Population.token(1)
        let sessionFile = folder + "/session"
        try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: sessionFile))
        chmod(sessionFile, 0o600)
        var digest = [UInt8](repeating: 0, count: 32)
        raw_sha256(token, token.utf8.count, &digest)
        let hex = digest.map { String(format: "%02X", $0) }.joined()
        let environment = [
            "LATCHKEY_DATABASE": population.path, "LATCHKEY_SESSION_FILE": sessionFile, "HOME": folder,
            "PATH": "/usr/bin:/bin",
        ]
        let lookup = """
            SELECT users.username, users.phone, sessions.expires_at FROM sessions JOIN users ON users.id = sessions.user_id \
            WHERE sessions.token_hash = X'\(hex)'
            """
        let programs: [(String, [String], String?)] = [
            ("latchkey whoami", [latchkey, "whoami"], nil),
            ("latchkey whoami --json", [latchkey, "whoami", "--json"], nil),
            ("Foundation hello", [folder + "/hello-foundation"], nil),
            ("Swift hello", [folder + "/hello-plain"], nil),
            ("Swift hello, static", [folder + "/hello-static"], nil),
            ("sqlite3 lookup", ["/usr/bin/sqlite3", population.path, lookup], nil),
            ("latchkey login", [latchkey, "login", "user0000002", "--password-stdin"], Population.password + "\n"),
            ("C verify", [folder + "/verify", hash, Population.password], nil),
        ]
        var times = [String: Samples]()
        var memory = [String: Int]()
        for _ in 0..<rounds {
            for (name, command, stdin) in programs {
                times[name, default: Samples()].values.append(
                    timeProcess(command, environment: environment, stdin: stdin).0)
            }
        }
        // Peak RSS through GNU time in separate runs: a child spawned from this (large) process would
        // report the parent's pages as its own until it execs.
        for (name, command, stdin) in programs {
            memory[name] = try peakRSS(command, environment: environment, stdin: stdin, folder: folder)
        }
        for (name, _, _) in programs {
            var row = cases.row("process: \(name)", times[name]!)
            row.note = "peak RSS \(memory[name]! / 1024) MiB"
            cases.results.append(row)
        }
        let whoami = times["latchkey whoami"]!.median
        cases.results.append(
            cases.ratio("whoami process / Foundation hello", whoami / times["Foundation hello"]!.median, target: 1.0))
        cases.results.append(
            cases.ratio("whoami process / sqlite3", whoami / times["sqlite3 lookup"]!.median, target: 3.0))
        cases.results.append(
            cases.ratio(
                "whoami process / static hello", whoami / times["Swift hello, static"]!.median, target: 2.0))
        // The sign-in's own cost beyond its Argon2id verify, in ms (the ratio field, so JSON has a number).
        let loginOverhead = times["latchkey login"]!.median - times["C verify"]!.median
        cases.results.append(
            Result(
                name: "login process − bare verify, ms", median: loginOverhead, p99: .nan, opsPerSecond: .nan,
                ratio: loginOverhead / 1e6, target: "≤ 4", met: loginOverhead <= 4_000_000, note: nil))
        cases.results.append(
            cases.ratio("whoami peak RSS, MiB", Double(memory["latchkey whoami"]!) / 1024, target: 12))
        cases.results.append(
            Result(
                name: "peak RSS whoami / login (MiB)", median: .nan, p99: .nan, opsPerSecond: .nan, ratio: nil,
                target: "≤ 16 / ≤ 40",
                met: memory["latchkey whoami"]! <= 16 * 1024 && memory["latchkey login"]! <= 40 * 1024,
                note: "\(memory["latchkey whoami"]! / 1024) / \(memory["latchkey login"]! / 1024)"))
    }

    /// Peak resident set of `command` in KiB, as `/usr/bin/time -f %M` reports it.
    private func build(_ folder: String) throws {
        try "import Foundation\nprint(\"hello\")\n".write(
            toFile: folder + "/hello-foundation.swift", atomically: true, encoding: .utf8)
        try "print(\"hello\")\n".write(toFile: folder + "/hello-plain.swift", atomically: true, encoding: .utf8)
        try """
        #include <sodium.h>
        #include <string.h>
        int main(int argc, char **argv) {
            if (sodium_init() < 0) return 2;
            return crypto_pwhash_str_verify(argv[1], argv[2], strlen(argv[2])) == 0 ? 0 : 1;
        }
        """.write(toFile: folder + "/verify.c", atomically: true, encoding: .utf8)
        let environment = ProcessInfo.processInfo.environment
        for (output, command) in [
            (
                "hello-foundation",
                [
                    "/usr/bin/env", "swiftc", "-O", folder + "/hello-foundation.swift", "-o",
                    folder + "/hello-foundation",
                ]
            ),
            (
                "hello-plain",
                ["/usr/bin/env", "swiftc", "-O", folder + "/hello-plain.swift", "-o", folder + "/hello-plain"]
            ),
            (
                "hello-static",
                [
                    "/usr/bin/env", "swiftc", "-O", "-static-stdlib", folder + "/hello-plain.swift", "-o",
                    folder + "/hello-static",
                ]
            ),
            ("verify", ["/usr/bin/env", "cc", "-O2", folder + "/verify.c", "-lsodium", "-o", folder + "/verify"]),
        ] {
            _ = timeProcess(command, environment: environment)
            guard FileManager.default.isExecutableFile(atPath: folder + "/" + output) else {
                throw CocoaError(.executableNotLoadable, userInfo: [NSFilePathErrorKey: output])
            }
        }
    }
}
