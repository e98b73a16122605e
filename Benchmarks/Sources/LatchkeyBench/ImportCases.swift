import Foundation

extension Cases {
    /// A sha512crypt hash as mkpasswd writes it (one for every row: an import checks its shape only).
    private static let importedHash =
        "$6$AtDKkqqVzVMOLbix$dGcn9e9sJAtMAB.Jf0vE9gKclvRVmV0sO/vrt9GrK.ZHxtmXqf3kmYCfYEEi2cV1jT7QFTJAO.5Pmjq1Knk8f."

    /// Issue 23's scale case: `latchkey admin import` of `rows` CSV rows (username, hash, email) into
    /// a new SQLite file, beside the sqlite3 shell's `.import` of the same file into a table of the
    /// same columns (the yardstick, target 3×) and beside the shell putting the same rows
    /// into Latchkey's own schema (INSERT … SELECT: its indexes and checks, no validation), rounds
    /// interleaved; the import's peak RSS (target 64 MiB). With a PostgreSQL URL, once there too.
    mutating func imports(rows: Int, rounds: Int, latchkey: String, postgresql: String?) throws {
        let folder = NSTemporaryDirectory() + "latchkey-import-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let csv = folder + "/users.csv"
        try Self.writeCSV(rows: rows, prefix: "imp", to: csv)
        let environment = ["HOME": folder, "PATH": "/usr/bin:/bin"]
        let empty = folder + "/empty.sqlite3"  // Latchkey's schema, made by latchkey, copied each round
        _ = timeProcess([latchkey, "--database", empty, "admin", "users"], environment: environment)
        var times: [String: [Double]] = [:]
        var peak = 0
        for round in 0..<rounds {
            let target = folder + "/round\(round)"
            let (latchkeyTime, _) = timeProcess(
                ["/usr/bin/time", "-o", folder + "/rss", "-f", "%M", latchkey, "--database", target + "-l.sqlite3"]
                    + ["admin", "import", csv, "--format", "csv"], environment: environment)
            try Self.expectUsers(rows, in: target + "-l.sqlite3")
            let rss = try String(contentsOfFile: folder + "/rss", encoding: .utf8)
            peak = max(peak, Int(rss.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
            let (shellTime, _) = timeProcess(
                [
                    "/usr/bin/sqlite3", target + "-s.sqlite3",
                    "CREATE TABLE u (username TEXT, password_hash TEXT, email TEXT)", ".mode csv",
                    ".import --skip 1 \(csv) u",
                ], environment: environment)
            try FileManager.default.copyItem(atPath: empty, toPath: target + "-f.sqlite3")
            let (schemaTime, _) = timeProcess(
                [
                    "/usr/bin/sqlite3", target + "-f.sqlite3", "PRAGMA foreign_keys = ON", ".mode csv",
                    "CREATE TEMP TABLE u (username TEXT, password_hash TEXT, email TEXT)", ".import --skip 1 \(csv) u",
                    "BEGIN",
                    "INSERT INTO users (username, email, email_key, password_hash, created_at, updated_at) "
                        + "SELECT username, email, lower(email), '$argon2id$imported', 0, 0 FROM u",
                    "INSERT INTO imported_passwords (user_id, scheme, hash, imported_at) SELECT users.id, "
                        + "'sha512crypt', u.password_hash, 0 FROM u JOIN users ON users.username = u.username",
                    "COMMIT",
                ], environment: environment)
            try Self.expectUsers(rows, in: target + "-f.sqlite3")
            times["latchkey", default: []].append(latchkeyTime)
            times["shell", default: []].append(shellTime)
            times["schema", default: []].append(schemaTime)
            for suffix in ["-l", "-s", "-f"] {
                for file in ["", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(atPath: target + suffix + ".sqlite3" + file)
                }
            }
        }
        let median = { (name: String) in Samples(values: times[name]!).median }
        let seconds = median("latchkey") / 1e9
        results.append(
            Result(
                name: "latchkey admin import, \(rows.formatted()) CSV rows into SQLite", median: median("latchkey"),
                p99: .nan, opsPerSecond: Double(rows) / seconds, ratio: nil, target: nil, met: nil,
                note: String(format: "%.1f s", seconds)))
        results.append(
            ratio("import / sqlite3 shell .import of the same file", median("latchkey") / median("shell"), target: 3))
        results.append(
            Result(
                name: "import / sqlite3 shell into Latchkey's schema (INSERT … SELECT, no validation)", median: .nan,
                p99: .nan, opsPerSecond: .nan, ratio: median("latchkey") / median("schema"), target: nil, met: nil))
        results.append(ratio("import peak RSS, MiB", Double(peak) / 1024, target: 64))
        if let postgresql {
            let (ns, _) = timeProcess(
                [latchkey, "--database", postgresql, "admin", "import", csv, "--format", "csv"],
                environment: environment)
            results.append(
                Result(
                    name: "latchkey admin import, \(rows.formatted()) CSV rows into PostgreSQL", median: ns, p99: .nan,
                    opsPerSecond: Double(rows) / (ns / 1e9), ratio: nil, target: nil, met: nil,
                    note: String(format: "%.1f s", ns / 1e9)))
        }
    }

    /// `rows` accounts `<prefix>0000000…` with one hash and an address each, written in blocks.
    private static func writeCSV(rows: Int, prefix: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw ImportBenchError(description: "cannot write \(path)")
        }
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        try file.write(contentsOf: Data("username,password_hash,email\n".utf8))
        for start in stride(from: 0, to: rows, by: 10_000) {
            var block = ""
            for row in start..<min(rows, start + 10_000) {
                let name = prefix + String(format: "%07d", row)
                block += "\(name),\(importedHash),\(name)@example.com\n"
            }
            try file.write(contentsOf: Data(block.utf8))
        }
    }

    /// Stops the harness when a contender did not load every row: its time would mean nothing.
    private static func expectUsers(_ rows: Int, in path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, "SELECT count(*) FROM users"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) == rows else {
            throw ImportBenchError(description: "\(path) holds \(text) users, not \(rows)")
        }
    }
}

/// A contender that failed to load the file.
struct ImportBenchError: Error, CustomStringConvertible {
    let description: String
}
