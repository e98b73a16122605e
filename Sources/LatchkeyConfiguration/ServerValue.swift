/// The value of one of the server's options, checked against its ``ServerSetting/Kind``.
public enum ServerValue: Sendable, Hashable, CustomStringConvertible {
    /// One line of text.
    case text(String)
    /// A whole number.
    case count(Int)
    /// A duration.
    case duration(Duration)
    /// On or off.
    case boolean(Bool)
    /// Texts, in the order given.
    case list([String])

    /// As `--print-config` shows it: durations in their largest whole unit, a list comma-separated.
    public var description: String {
        switch self {
        case .text(let text): text
        case .count(let number): String(number)
        case .duration(let time): DurationText.text(time)
        case .boolean(let on): String(on)
        case .list(let items): items.isEmpty ? "(none)" : items.joined(separator: ",")
        }
    }
}
