import Foundation

/// A duration as a configuration writes it: whole seconds (`900`) or a number and a unit (`250ms`,
/// `15m`, `12h`, `30d`, `8w`).
enum DurationText {
    private static let units: [(suffix: String, milliseconds: Int64)] = [
        ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000), ("w", 604_800_000),
    ]

    /// The duration `text` names, nil when it names none.
    static func parse(_ text: String) -> Duration? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Int64(text), seconds >= 0 { return .seconds(seconds) }
        for unit in units where text.hasSuffix(unit.suffix) {
            guard let count = Int64(text.dropLast(unit.suffix.count)), count >= 0,
                count <= Int64.max / unit.milliseconds
            else { return nil }
            return .milliseconds(count * unit.milliseconds)
        }
        return nil
    }

    /// `duration` in the largest unit that writes it whole.
    static func text(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
        for unit in units.reversed() where milliseconds % unit.milliseconds == 0 && milliseconds > 0 {
            return "\(milliseconds / unit.milliseconds)\(unit.suffix)"
        }
        return "\(milliseconds)ms"
    }
}
