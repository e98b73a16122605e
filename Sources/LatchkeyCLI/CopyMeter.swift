import ArgumentParser
import Foundation
import Latchkey

/// Progress on a terminal (stderr): the table, rows copied, the rate and the time left, redrawn at
/// most ten times a second.
final class CopyMeter {
    private let showing: Bool
    private let started = ContinuousClock.now
    private var lastDrawn = ContinuousClock.now - .seconds(1)
    private var drawn = false

    init(showing: Bool) {
        self.showing = showing
    }

    var elapsed: Double {
        let duration = ContinuousClock.now - started
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    func show(_ progress: DatabaseCopy.Progress) {
        guard showing, ContinuousClock.now - lastDrawn >= .milliseconds(100) || progress.copied == progress.total
        else { return }
        lastDrawn = ContinuousClock.now
        let rate = elapsed > 0 ? Double(progress.allCopied) / elapsed : 0
        let left = rate > 0 ? Double(progress.allTotal - progress.allCopied) / rate : 0
        let line =
            "\r\u{1B}[K\(progress.table): \(Self.grouped(progress.copied))/\(Self.grouped(progress.total)) rows, "
            + "\(Self.grouped(Int(rate))) rows/s, " + String(format: "%.0f s left", left)
        try? Console.write(line, to: STDERR_FILENO)
        drawn = true
    }

    func end() {
        if drawn { try? Console.write("\r\u{1B}[K", to: STDERR_FILENO) }
        drawn = false
    }

    /// 1234567 as "1,234,567".
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}
