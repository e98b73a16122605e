import Foundation

/// The table (or JSON) the harness prints.
enum Report {
    static func print(_ results: [Result], json: Bool, quick: Bool) {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            if let data = try? encoder.encode(results) { Swift.print(String(decoding: data, as: UTF8.self)) }
            return
        }
        Swift.print("| case | median | p99 | ops/s | ratio | target | met |")
        Swift.print("|---|---|---|---|---|---|---|")
        for r in results {
            Swift.print(
                "| \(r.name) | \(time(r.median)) | \(time(r.p99)) | \(r.opsPerSecond.isNaN ? "" : String(Int(r.opsPerSecond))) "
                    + "| \(r.ratio.map { String(format: "%.2f", $0) } ?? (r.note ?? "")) | \(r.target ?? "") "
                    + "| \(r.met.map { $0 ? "yes" : "**no**" } ?? "") |")
        }
        Swift.print("\n(\(quick ? "--quick" : "full") run, \(Date().formatted(.iso8601)); times are per operation)")
    }

    private static func time(_ nanoseconds: Double) -> String {
        guard !nanoseconds.isNaN else { return "" }
        if nanoseconds >= 1e6 { return String(format: "%.2f ms", nanoseconds / 1e6) }
        return String(format: "%.1f µs", nanoseconds / 1e3)
    }
}

/// Every key always present; a figure not measured (NaN, infinite) or absent is JSON null, never a
/// string, so a reader can tell "no value" from a value.
extension Result: Encodable {
    private enum Key: String, CodingKey {
        case name, median, p99, opsPerSecond = "ops_per_second", ratio, target, met, note
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(name, forKey: .name)
        for (key, value) in [(Key.median, median), (.p99, p99), (.opsPerSecond, opsPerSecond), (.ratio, ratio ?? .nan)]
        {
            if value.isFinite { try container.encode(value, forKey: key) } else { try container.encodeNil(forKey: key) }
        }
        try container.encode(target, forKey: .target)
        try container.encode(met, forKey: .met)
        try container.encode(note, forKey: .note)
    }
}
