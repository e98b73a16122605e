import Foundation
@_spi(Benchmarks) import Latchkey

/// Refusals cost what an unknown name costs: a sign-in refused whatever the password (an account
/// imported with no usable password, a disabled one holding a bcrypt-12 hash) runs only the policy's
/// dummy verify. Before, they answered in 2–3 ms and 228 ms against 20–31 ms. At the default policy.
extension Cases {
    mutating func refusals() throws {
        var template = Array((NSTemporaryDirectory() + "/latchkey-bench-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        let folder = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workers = LatchkeyWorkers(database: try DatabaseWorker(.file(path: folder + "/bench.sqlite3")))
        let rounds = quick ? 10 : 30
        let perRound = 2
        // One account per attempt, so the throttle (five failures a name) never answers instead.
        let accounts = rounds * perRound
        let bcrypt12 = "$2b$12$riZCmdWOcGFmh3MrvXDyw..Q44jKzVA96X4mcld1OFa5IwONy40uO"
        var csv = "username,password,is_active\n"
        for index in 0..<accounts {
            csv += "nopass\(index),!unusable\(index)abcdefghijklmnopqrstuvwxyz,t\n"
            csv += "disabled\(index),\(bcrypt12),f\n"
        }
        let file = folder + "/auth_user.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let descriptor = open(file, O_RDONLY)
        defer { close(descriptor) }
        let scene = SceneRunner(workers: workers)
        scene.importDjangoUsers(from: descriptor)
        guard scene.shown == 1 else { throw CocoaError(.fileReadCorruptFile) }
        let attempt = { (name: String) in
            scene.signIn(username: name, password: "not the password at all")
        }
        var nopass = 0
        var disabled = 0
        let samples = interleaved(
            rounds: rounds, perRound: perRound,
            [
                ("unknown name", { i in attempt("nobody\(i)") }),
                (
                    "no usable password",
                    { _ in
                        attempt("nopass\(nopass)")
                        nopass += 1
                    }
                ),
                (
                    "disabled, bcrypt-12",
                    { _ in
                        attempt("disabled\(disabled)")
                        disabled += 1
                    }
                ),
            ])
        let unknown = samples["unknown name"]!.median
        results.append(row("refused: unknown name (library)", samples["unknown name"]!))
        results.append(row("refused: no usable password (library)", samples["no usable password"]!))
        results.append(row("refused: disabled, bcrypt-12 hash (library)", samples["disabled, bcrypt-12"]!))
        results.append(
            ratio(
                "no usable password / unknown name", samples["no usable password"]!.median / unknown, target: 1.1,
                lowerBound: 0.9))
        results.append(
            ratio(
                "disabled bcrypt-12 / unknown name", samples["disabled, bcrypt-12"]!.median / unknown, target: 1.1,
                lowerBound: 0.9))
    }
}
