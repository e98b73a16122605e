import Foundation

/// The server's records: `Benchmarks/Load/load.py --records` (a release latchkey-server under wrk),
/// run from here so one report holds every record. Without wrk or the script the rows are still
/// written, with no figures and a note saying why.
enum ServerLoad {
    /// The rows the report must hold (Benchmarks/Load/records.json, which load.py and CI's report
    /// check read too).
    static var names: [String] {
        let file = loadFolder.appendingPathComponent("records.json")
        guard let data = try? Data(contentsOf: file), let names = try? JSONDecoder().decode([String].self, from: data)
        else { return ["server records (\(file.path) unreadable)"] }
        return names
    }

    private static let loadFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Load")

    static func records(quick: Bool) -> [Result] {
        let script = loadFolder.appendingPathComponent("load.py").path
        let arguments = [
            "/usr/bin/env", "python3", script, "--records", "--seconds", quick ? "3" : "5", "--rounds",
            quick ? "1" : "3",
            "--bare-verify-binary", CommandLine.arguments[0],
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return unmeasured("python3 did not start: \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let rows = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return unmeasured("load.py failed (exit \(process.terminationStatus)); see its message above") }
        return rows.map { row in
            func number(_ key: String) -> Double { (row[key] as? NSNumber)?.doubleValue ?? .nan }
            return Result(
                name: row["name"] as? String ?? "", median: number("median"), p99: number("p99"),
                opsPerSecond: number("ops_per_second"), ratio: (row["ratio"] as? NSNumber)?.doubleValue,
                target: row["target"] as? String, met: (row["met"] as? NSNumber)?.boolValue,
                note: row["note"] as? String)
        }
    }

    private static func unmeasured(_ why: String) -> [Result] {
        names.map {
            Result(name: $0, median: .nan, p99: .nan, opsPerSecond: .nan, ratio: nil, target: nil, met: nil, note: why)
        }
    }
}
