/// The security defaults, in one value an embedding tool can change.
public struct SecurityPolicy: Sendable, Hashable {
    /// Shortest password accepted, in Unicode code points after NFKC (never below 8).
    public var minimumPasswordLength: Int {
        didSet { minimumPasswordLength = max(minimumPasswordLength, Self.lowestMinimumPasswordLength) }
    }
    /// Longest password accepted, so a huge input cannot cost memory.
    public var maximumPasswordLength: Int
    /// How long a session lasts from sign-in, whatever its use.
    public var sessionLifetime: Duration
    /// Seconds between two writes of a session's last-used time.
    public var lastUsedGranularity: Duration

    /// NIST SP 800-63B rev. 4 allows no shorter minimum for passwords.
    public static let lowestMinimumPasswordLength = 8

    /// The defaults: 15 to 1,024 code points, 30-day sessions.
    public init(
        minimumPasswordLength: Int = 15,
        maximumPasswordLength: Int = 1_024,
        sessionLifetime: Duration = .seconds(30 * 24 * 3600),
        lastUsedGranularity: Duration = .seconds(60)
    ) {
        self.minimumPasswordLength = max(minimumPasswordLength, Self.lowestMinimumPasswordLength)
        self.maximumPasswordLength = max(maximumPasswordLength, 64)
        self.sessionLifetime = sessionLifetime
        self.lastUsedGranularity = lastUsedGranularity
    }
}

extension Duration {
    /// Whole seconds, as the database counts them.
    var wholeSeconds: Int64 { components.seconds }
}
