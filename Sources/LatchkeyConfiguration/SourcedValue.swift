/// A server option's effective value and where it came from.
public struct SourcedValue: Sendable, Hashable {
    /// The value, checked against its setting's kind and bounds.
    public let value: ServerValue
    /// `default`, the file and its line (`latchkey.json:3`), the variable (`LATCHKEY_SERVER_LISTEN`)
    /// or the flag (`--listen`): what a ``ConfigurationError`` about the value names.
    public let source: String

    /// The text of a `.text` value.
    public var text: String? { if case .text(let text) = value { text } else { nil } }
    /// The number of a `.count` value.
    public var count: Int? { if case .count(let number) = value { number } else { nil } }
    /// The duration of a `.duration` value.
    public var duration: Duration? { if case .duration(let time) = value { time } else { nil } }
    /// Whether a `.boolean` value is on.
    public var boolean: Bool? { if case .boolean(let on) = value { on } else { nil } }
    /// The items of a `.list` value.
    public var list: [String]? { if case .list(let items) = value { items } else { nil } }

    /// A refusal of this value: its setting's key, its source, and `problem`.
    public func refusal(of setting: ServerSetting, _ problem: String) -> ConfigurationError {
        ConfigurationError(key: setting.key, source: source, problem: problem)
    }
}
