import Configuration
public import Foundation
public import Latchkey

/// The settings of the `latchkey` CLI and of `latchkey-server`, read in one order of precedence: the
/// server's flags, then the environment (`LATCHKEY_POLICY_MAXIMUM_FAILED_LOGINS=5`,
/// `LATCHKEY_SERVER_LISTEN=0.0.0.0:8080`), then a JSON file
/// (`{"server": {"listen": "0.0.0.0:8080"}, "policy": {"maximumFailedLogins": 5}}`), then the
/// defaults. Every `SecurityPolicy` number can be set, under its own name; durations are whole
/// seconds or a number with a unit (`15m`, `30d`). The server's own options are ``ServerSettings``.
///
/// Everything is checked once, at start: a value out of its bounds or of the wrong type, a key no
/// setting has (in the file, or an environment variable under `LATCHKEY_POLICY_` or
/// `LATCHKEY_SERVER_`), a section other than `policy` and `server`, or a file that is not JSON throws
/// a ``ConfigurationError`` naming the key and where it came from (the file's line where it can be
/// found). A value is never moved into range or ignored.
public struct LatchkeyConfiguration: Sendable {
    /// The policy: the defaults, with what the environment and the file set.
    public let policy: SecurityPolicy
    /// The server's own options, with where each came from.
    public let server: ServerSettings
    /// The file read, if any.
    public let file: String?
    /// Where each setting's value came from, by key (a setting left at its default has none).
    private let sources: [String: String]

    /// The environment variable that names a configuration file for the CLI.
    public static let fileVariable = "LATCHKEY_CONFIG"
    private static let environmentPrefix = "LATCHKEY_POLICY_"
    /// The sections a file may hold.
    private static let sections = ["policy", "server"]

    /// Reads `file` (none when nil), the `LATCHKEY_POLICY_…` and server variables of `environment`,
    /// and the server's `flags`: by a ``ServerSetting``'s name, the texts its flag was given (one, a
    /// repeated flag's several, or `true` or `false` for a flag and its `--no-` form); they come before the rest.
    public init(
        file: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        flags: [String: [String]] = [:]
    ) throws(ConfigurationError) {
        let settings = PolicySetting.all
        let known = Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0) })
        let fileValues = try file.map { path throws(ConfigurationError) in try JSONFile(path: path) }
        for section in fileValues?.sections ?? [] where !Self.sections.contains(section) {
            throw ConfigurationError(
                key: section, source: fileValues!.source(of: section),
                problem: "no section has this name (a file holds policy and server)")
        }
        for key in fileValues?.values.keys.sorted() ?? [] where key.hasPrefix("policy.") || !key.contains(".") {
            guard known[key] != nil else {
                throw ConfigurationError(
                    key: key, source: fileValues!.source(of: key), problem: "no setting has this name")
            }
            switch fileValues!.values[key] {
            case .text, .integer: continue
            default:
                throw ConfigurationError(
                    key: key, source: fileValues!.source(of: key), problem: "must be a whole number or a string")
            }
        }
        server = try ServerSettings(file: fileValues, environment: environment, flags: flags)
        self.file = file
        // Nothing sets the policy (the usual command line): its defaults, without building the
        // reader and the settings' variable names, a good part of a short command's time.
        guard fileValues != nil || environment.keys.contains(where: { $0.hasPrefix(Self.environmentPrefix) }) else {
            policy = SecurityPolicy()
            sources = [:]
            return
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
                    uniqueKeysWithValues: (fileValues?.values ?? [:]).compactMap { key, value in
                        let text: String
                        switch value {
                        case .text(let string) where key.hasPrefix("policy."): text = string
                        case .integer(let number) where key.hasPrefix("policy."): text = String(number)
                        default: return nil
                        }
                        return (
                            AbsoluteConfigKey(key.split(separator: ".").map(String.init)),
                            ConfigValue(.string(text), isSecret: false)
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
        "LATCHKEY_"
            + key.split(separator: ".").flatMap { words(of: String($0)) }.map { $0.uppercased() }.joined(
                separator: "_")
    }

    /// The words of a camelCase name, in lowercase: a capital after a small letter or a digit starts
    /// one (`resetURL` is `reset`, `url`).
    static func words(of name: String) -> [String] {
        // The keys are ASCII: their bytes, without a Unicode property lookup per character.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var words: [[UInt8]] = []
            var previousLowercase = false
            for byte in name.utf8 {
                let uppercase = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                if words.isEmpty || (uppercase && previousLowercase) { words.append([]) }
                words[words.count - 1].append(uppercase ? byte + 32 : byte)
                previousLowercase =
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
            return words.map { String(decoding: $0, as: UTF8.self) }
        }
        var words: [String] = []
        var previousLowercase = false
        for character in name {
            if words.isEmpty || (character.isUppercase && previousLowercase) { words.append("") }
            words[words.count - 1] += character.lowercased()
            previousLowercase = character.isLowercase || character.isNumber
        }
        return words
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

    static func duration(
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
