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
    /// How long a session may go unused before it ends.
    public var sessionIdleTimeout: Duration
    /// Time between two writes of a session's last-used time, so a busy whoami does not write each time.
    public var lastUsedGranularity: Duration
    /// Consecutive failed sign-ins for one username before it is locked.
    public var maximumFailedLogins: Int
    /// The window those failures must fall in.
    public var failureWindow: Duration
    /// How long a locked username is refused without its password being checked.
    public var lockoutDuration: Duration

    /// NIST SP 800-63B rev. 4 allows no shorter minimum for passwords.
    public static let lowestMinimumPasswordLength = 8

    /// The defaults: passwords of 15 to 1,024 code points; sessions of 30 days, ending after 7 idle
    /// days; 5 failures in 15 minutes lock a username for 15 minutes.
    public init(
        minimumPasswordLength: Int = 15,
        maximumPasswordLength: Int = 1_024,
        sessionLifetime: Duration = .seconds(30 * 24 * 3600),
        sessionIdleTimeout: Duration = .seconds(7 * 24 * 3600),
        lastUsedGranularity: Duration = .seconds(60),
        maximumFailedLogins: Int = 5,
        failureWindow: Duration = .seconds(15 * 60),
        lockoutDuration: Duration = .seconds(15 * 60)
    ) {
        self.minimumPasswordLength = max(minimumPasswordLength, Self.lowestMinimumPasswordLength)
        self.maximumPasswordLength = max(maximumPasswordLength, 64)
        self.sessionLifetime = sessionLifetime
        self.sessionIdleTimeout = sessionIdleTimeout
        self.lastUsedGranularity = lastUsedGranularity
        self.maximumFailedLogins = max(maximumFailedLogins, 1)
        self.failureWindow = failureWindow
        self.lockoutDuration = lockoutDuration
    }
}

extension Duration {
    /// Whole seconds, as the database counts them.
    var wholeSeconds: Int64 { components.seconds }
}
