import Configuration
public import Foundation
public import Latchkey

/// The settings of the `latchkey` CLI and of `latchkey-server`, read through swift-configuration in
/// one order of precedence: the server's flags, then the environment
/// (`LATCHKEY_POLICY_MAXIMUM_FAILED_LOGINS=5`), then a JSON file
/// (`{"policy": {"maximumFailedLogins": 5}}`), then the defaults. Every `SecurityPolicy` number can be
/// set, under its own name; durations are whole seconds or a number with a unit (`15m`, `30d`).
///
/// Everything is checked once, at start: a value out of its bounds or of the wrong type, a key no
/// setting has (in the file, or an environment variable under `LATCHKEY_POLICY_`), or a file that is
/// not JSON throws a ``ConfigurationError`` naming the key and where it came from (the file's line
/// where it can be found). A value is never moved into range or ignored.
public struct LatchkeyConfiguration: Sendable {
    /// The policy: the defaults, with what the environment and the file set.
    public let policy: SecurityPolicy
    /// The file read, if any.
    public let file: String?
    /// Where each setting's value came from, by key (a setting left at its default has none).
    private let sources: [String: String]

    /// The environment variable that names a configuration file for the CLI.
    public static let fileVariable = "LATCHKEY_CONFIG"
    private static let environmentPrefix = "LATCHKEY_POLICY_"

    /// Reads `file` (none when nil) and the `LATCHKEY_POLICY_…` variables of `environment`.
    public init(file: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(ConfigurationError)
    {
        let settings = PolicySetting.all
        let known = Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0) })
        let fileValues = try file.map { path throws(ConfigurationError) in try JSONFile(path: path) }
        for key in fileValues?.values.keys.sorted() ?? [] where known[key] == nil {
            throw ConfigurationError(
                key: key, source: fileValues!.source(of: key), problem: "no setting has this name")
        }
        // The environment's names are the keys' (`policy.maximumFailedLogins` is
        // LATCHKEY_POLICY_MAXIMUM_FAILED_LOGINS), so an unknown one under the prefix is a typo.
        let names = Dictionary(uniqueKeysWithValues: settings.map { (Self.variable(for: $0.key), $0.key) })
        var fromEnvironment: [String: String] = [:]
        for (variable, value) in environment where variable.hasPrefix(Self.environmentPrefix) {
            guard names[variable] != nil else {
                throw ConfigurationError(key: variable, source: "the environment", problem: "no setting has this name")
            }
            fromEnvironment[variable] = value
        }
        let reader = ConfigReader(providers: [
            EnvironmentVariablesProvider(environmentVariables: fromEnvironment).prefixKeys(with: "latchkey"),
            InMemoryProvider(
                name: file,
                values: Dictionary(
                    uniqueKeysWithValues: (fileValues?.values ?? [:]).map { key, value in
                        (
                            AbsoluteConfigKey(key.split(separator: ".").map(String.init)),
                            ConfigValue(.string(value), isSecret: false)
                        )
                    })),
        ])
        var policy = SecurityPolicy()
        var sources: [String: String] = [:]
        for setting in settings {
            guard let text = reader.string(forKey: ConfigKey(setting.key)) else { continue }
            let variable = Self.variable(for: setting.key)
            let source =
                fromEnvironment[variable] != nil ? variable : fileValues?.source(of: setting.key) ?? "the file"
            let value = try Self.value(text, for: setting, source: source)
            setting.apply(&policy, value)
            sources[setting.key] = source
        }
        self.policy = policy
        self.file = file
        self.sources = sources
    }

    /// The configuration of the CLI: the file `LATCHKEY_CONFIG` names, if any, and the environment.
    public static func forCommandLine(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(ConfigurationError) -> LatchkeyConfiguration
    {
        let file = environment[fileVariable].flatMap { $0.isEmpty ? nil : $0 }
        return try LatchkeyConfiguration(file: file, environment: environment)
    }

    /// Every setting with its effective value and where it came from, one per line
    /// (`policy.maximumFailedLogins = 5  (latchkey.json:3)`), for `--print-config`. The policy holds
    /// no secret; a caller adding its own settings redacts theirs.
    public func describe() -> [String] {
        PolicySetting.all.map { setting in
            "\(setting.key) = \(Self.text(setting.read(policy)))  (\(sources[setting.key] ?? "default"))"
        }
    }

    /// The environment variable of `key`: LATCHKEY_ and the key's words in capitals, joined by `_`.
    static func variable(for key: String) -> String {
        var name = "LATCHKEY_"
        var previousLowercase = false
        for character in key {
            if character == "." {
                name += "_"
                previousLowercase = false
                continue
            }
            if character.isUppercase && previousLowercase { name += "_" }
            name += character.uppercased()
            previousLowercase = character.isLowercase || character.isNumber
        }
        return name
    }

    private static func value(_ text: String, for setting: PolicySetting, source: String) throws(ConfigurationError)
        -> PolicySetting.Value
    {
        func refuse(_ problem: String) -> ConfigurationError {
            ConfigurationError(key: setting.key, source: source, problem: problem)
        }
        switch setting.kind {
        case .count(let bounds):
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw refuse("\"\(text)\" is not a whole number")
            }
            guard bounds.contains(number) else {
                throw refuse("\(number) is outside \(bounds.lowerBound)...\(bounds.upperBound)")
            }
            return .count(number)
        case .duration(let bounds):
            return .duration(try duration(text, within: bounds, refuse))
        case .optionalDuration(let bounds):
            if text == "never" { return .optionalDuration(nil) }
            return .optionalDuration(try duration(text, within: bounds, refuse))
        case .text(let maximumLength):
            guard !text.isEmpty, text.count <= maximumLength, !text.contains(where: \.isNewline) else {
                throw refuse("must be one line of 1 to \(maximumLength) characters")
            }
            return .text(text)
        }
    }

    private static func duration(
        _ text: String, within bounds: ClosedRange<Duration>, _ refuse: (String) -> ConfigurationError
    ) throws(ConfigurationError) -> Duration {
        guard let time = DurationText.parse(text) else {
            throw refuse("\"\(text)\" is not a duration (whole seconds, or a number and ms, s, m, h, d or w)")
        }
        guard bounds.contains(time) else {
            throw refuse(
                "\(DurationText.text(time)) is outside \(DurationText.text(bounds.lowerBound))"
                    + "...\(DurationText.text(bounds.upperBound))")
        }
        return time
    }

    private static func text(_ value: PolicySetting.Value) -> String {
        switch value {
        case .count(let number): String(number)
        case .duration(let time): DurationText.text(time)
        case .optionalDuration(let time): time.map(DurationText.text) ?? "never"
        case .text(let text): text
        }
    }
}
