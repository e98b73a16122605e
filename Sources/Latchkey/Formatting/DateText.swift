public import Foundation

/// Times for people: ISO 8601 date and time in UTC, to the minute (`2026-11-21 07:31 UTC`).
public enum DateText {
    /// `date` as `YYYY-MM-DD HH:MM UTC`.
    public static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d UTC", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0)
    }

    /// `date` as RFC 3339 / ISO 8601 with seconds (`2026-11-21T07:31:05Z`), for JSON.
    public static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
