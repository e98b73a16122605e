public import Foundation

/// Times for people: ISO 8601 date and time in UTC, to the minute (`2026-11-21 07:31 UTC`).
/// Computed with integer arithmetic (days from the civil calendar, after Howard Hinnant's
/// algorithm): a Calendar and `String(format:)` were half the cost of an in-library whoami.
public enum DateText {
    /// `date` as `YYYY-MM-DD HH:MM UTC`.
    public static func format(_ date: Date) -> String {
        let t = Parts(date)
        return "\(t.year)-\(two(t.month))-\(two(t.day)) \(two(t.hour)):\(two(t.minute)) UTC"
    }

    /// `date` as RFC 3339 / ISO 8601 with seconds (`2026-11-21T07:31:05Z`), for JSON.
    public static func iso8601(_ date: Date) -> String {
        let t = Parts(date)
        return "\(t.year)-\(two(t.month))-\(two(t.day))T\(two(t.hour)):\(two(t.minute)):\(two(t.second))Z"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// The UTC calendar fields of a time (whole seconds; times before 1970 work too).
    private struct Parts {
        let year, month, day, hour, minute, second: Int

        init(_ date: Date) {
            let seconds = Int(date.timeIntervalSince1970.rounded(.down))
            var days = seconds / 86_400
            var rest = seconds % 86_400
            if rest < 0 {
                rest += 86_400
                days -= 1
            }
            hour = rest / 3_600
            minute = rest % 3_600 / 60
            second = rest % 60
            // Days since 1970-01-01 to year, month, day (proleptic Gregorian).
            let z = days + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let dayOfEra = z - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthIndex = (5 * dayOfYear + 2) / 153
            day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
            month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
            year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        }
    }
}
