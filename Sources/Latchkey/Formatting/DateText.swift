package import Foundation

/// Times for people: ISO 8601 date and time in UTC, to the minute (`2026-11-21 07:31 UTC`).
/// Computed with integer arithmetic (days from the civil calendar, after Howard Hinnant's
/// algorithm): a Calendar and `String(format:)` were half the cost of an in-library whoami.
package enum DateText {
    /// `date` as `YYYY-MM-DD HH:MM UTC`.
    package static func format(_ date: Date) -> String {
        let t = Parts(date)
        var bytes = day(t)
        bytes.append(UInt8(ascii: " "))
        append(t.hour, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(t.minute, width: 2, to: &bytes)
        bytes += " UTC".utf8
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `date` as RFC 3339 / ISO 8601 with seconds (`2026-11-21T07:31:05Z`), for JSON.
    package static func iso8601(_ date: Date) -> String {
        let t = Parts(date)
        var bytes = day(t)
        bytes.append(UInt8(ascii: "T"))
        append(t.hour, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(t.minute, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(t.second, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `YYYY-MM-DD`, into a buffer the caller goes on filling (one allocation, no interpolation).
    private static func day(_ t: Parts) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(t.year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(t.month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(t.day, width: 2, to: &bytes)
        return bytes
    }

    /// `value` as `width` zero-padded decimal digits.
    private static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }

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
