/// A configuration Latchkey refuses to start with: the key, where it came from (the file and its
/// line, or the environment variable) and what is wrong with it. A value is never moved into range
/// or ignored: a typo in a security setting must not pass unnoticed.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key, as the file writes it (`policy.maximumFailedLogins`).
    public let key: String
    /// `latchkey.json:12`, `LATCHKEY_POLICY_MAXIMUM_FAILED_LOGINS`, or the file alone.
    public let source: String
    /// What is wrong, in a sentence.
    public let problem: String

    /// An error for `key` from `source`.
    public init(key: String, source: String, problem: String) {
        self.key = key
        self.source = source
        self.problem = problem
    }

    /// `latchkey.json:12: policy.maximumFailedLogins: 0 is outside 1...1000`.
    public var description: String { "\(source): \(key): \(problem)" }
}
