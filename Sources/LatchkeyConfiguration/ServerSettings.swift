import Foundation

/// `latchkey-server`'s own options, each taken from the first that sets it of its flag, its
/// environment variable, the file's `server` section and its default, and checked against its kind
/// and bounds. What the server makes of a value (an address, a CIDR range, one of its choices) it
/// checks itself, refusing through ``SourcedValue/refusal(of:_:)``.
public struct ServerSettings: Sendable {
    private let values: [ServerSetting: SourcedValue]

    /// Variables under this prefix are server options: one that names none is a typo.
    static let environmentPrefix = "LATCHKEY_SERVER_"
    /// The longest text an option takes.
    static let maximumTextLength = 4_096

    /// The effective value of `setting`; nil when nothing sets it and it has no default.
    public subscript(_ setting: ServerSetting) -> SourcedValue? { values[setting] }

    /// Reads every option from `flags` (by the setting's name, as the command line gave them: one
    /// text, a repeated flag's texts, or `true` or `false` for a flag and its `--no-` form),
    /// `environment` and `file`.
    init(file: JSONFile?, environment: [String: String], flags: [String: [String]]) throws(ConfigurationError) {
        let settings = ServerSetting.all
        let keys = Set(settings.map(\.key))
        for key in file?.values.keys.sorted() ?? [] where key.hasPrefix("server.") && !keys.contains(key) {
            throw ConfigurationError(key: key, source: file!.source(of: key), problem: "no setting has this name")
        }
        let variables = Set(settings.map(\.variable))
        for variable in environment.keys.sorted()
        where variable.hasPrefix(Self.environmentPrefix) && !variables.contains(variable) {
            // A variable made by the usual rule for an option whose variable is another one.
            let other = settings.first { LatchkeyConfiguration.variable(for: $0.key) == variable }
            throw ConfigurationError(
                key: variable, source: "the environment",
                problem: "no setting has this name" + (other.map { " (\($0.key) is \($0.variable))" } ?? ""))
        }
        precondition(flags.keys.allSatisfy { name in settings.contains { $0.name == name } }, "a flag of no setting")
        var values: [ServerSetting: SourcedValue] = [:]
        for setting in settings {
            if let given = flags[setting.name] {
                values[setting] = try Self.flag(given, for: setting)
            } else if let text = environment[setting.variable], !text.isEmpty {
                values[setting] = try Self.variable(text, for: setting)
            } else if let file, let value = file.values[setting.key] {
                values[setting] = try Self.json(value, for: setting, source: file.source(of: setting.key))
            } else if let value = setting.defaultValue {
                values[setting] = SourcedValue(value: value, source: "default")
            }
        }
        self.values = values
    }

    private static func flag(_ given: [String], for setting: ServerSetting) throws(ConfigurationError)
        -> SourcedValue
    {
        let source = setting.flag
        if setting.kind == .list {
            return SourcedValue(value: .list(try items(given, of: setting, source: source)), source: source)
        }
        // A boolean flag is turned off by its `--no-` form.
        if setting.kind == .boolean, given.last == "false" {
            return SourcedValue(value: .boolean(false), source: "--no-" + setting.flag.dropFirst(2))
        }
        return SourcedValue(value: try scalar(given.last ?? "", of: setting, source: source), source: source)
    }

    /// A variable's text; a list's items are separated by commas.
    private static func variable(_ text: String, for setting: ServerSetting) throws(ConfigurationError)
        -> SourcedValue
    {
        let source = setting.variable
        if setting.kind == .list {
            let given = text.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return SourcedValue(value: .list(try items(given, of: setting, source: source)), source: source)
        }
        return SourcedValue(value: try scalar(text, of: setting, source: source), source: source)
    }

    private static func json(_ value: JSONValue, for setting: ServerSetting, source: String)
        throws(ConfigurationError) -> SourcedValue
    {
        func refuse(_ problem: String) -> ConfigurationError {
            ConfigurationError(key: setting.key, source: source, problem: problem)
        }
        let checked: ServerValue
        switch (setting.kind, value) {
        case (.text, .text(let text)), (.count, .text(let text)), (.duration, .text(let text)):
            checked = try scalar(text, of: setting, source: source)
        case (.count, .integer(let number)), (.duration, .integer(let number)):
            checked = try scalar(String(number), of: setting, source: source)
        case (.boolean, .boolean(let on)):
            checked = .boolean(on)
        case (.list, .list(let elements)):
            var given: [String] = []
            for element in elements {
                guard case .text(let text) = element else { throw refuse("must be a list of strings") }
                given.append(text)
            }
            checked = .list(try items(given, of: setting, source: source))
        case (.text, _): throw refuse("must be a string")
        case (.count, _): throw refuse("must be a whole number")
        case (.duration, _): throw refuse("must be whole seconds or a string such as \"10s\"")
        case (.boolean, _): throw refuse("must be true or false")
        case (.list, _): throw refuse("must be a list of strings")
        }
        return SourcedValue(value: checked, source: source)
    }

    private static func items(_ given: [String], of setting: ServerSetting, source: String)
        throws(ConfigurationError) -> [String]
    {
        for item in given where item.isEmpty || item.count > maximumTextLength || item.contains(where: \.isNewline) {
            throw ConfigurationError(
                key: setting.key, source: source,
                problem: "each item must be one line of 1 to \(maximumTextLength) characters")
        }
        return given
    }

    private static func scalar(_ text: String, of setting: ServerSetting, source: String)
        throws(ConfigurationError) -> ServerValue
    {
        func refuse(_ problem: String) -> ConfigurationError {
            ConfigurationError(key: setting.key, source: source, problem: problem)
        }
        switch setting.kind {
        case .text, .list:
            guard !text.isEmpty, text.count <= maximumTextLength, !text.contains(where: \.isNewline) else {
                throw refuse("must be one line of 1 to \(maximumTextLength) characters")
            }
            return .text(text)
        case .count(let bounds):
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw refuse("\"\(text)\" is not a whole number")
            }
            guard bounds.contains(number) else {
                throw refuse("\(number) is outside \(bounds.lowerBound)...\(bounds.upperBound)")
            }
            return .count(number)
        case .duration(let bounds):
            return .duration(try LatchkeyConfiguration.duration(text, within: bounds, refuse))
        case .boolean:
            switch text {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            default: throw refuse("\"\(text)\" is not true or false")
            }
        }
    }
}
