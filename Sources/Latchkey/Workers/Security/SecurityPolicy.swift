/// Every rule number Latchkey uses, in one value an embedding tool can change. Each configurable
/// number is kept within its bounds when set (at `init` or later), so no setting can become 0 and,
/// say, lock every name or end every session at once.
public struct SecurityPolicy: Sendable, Hashable {
    /// Shortest password accepted, in Unicode code points after NFKC (never below 8, NIST's floor).
    @Bounded(8...1_024) public var minimumPasswordLength = 15
    /// Longest password accepted (at least 64), so a huge input cannot cost memory.
    @Bounded(64...4_096) public var maximumPasswordLength = 1_024
    /// How long a session lasts from sign-in, whatever its use.
    @Bounded(.seconds(60)...Self.longest) public var sessionLifetime: Duration = .seconds(30 * 24 * 3600)
    /// How long a session may go unused before it ends.
    @Bounded(.seconds(60)...Self.longest) public var sessionIdleTimeout: Duration = .seconds(7 * 24 * 3600)
    /// Time between two writes of a session's last-used time, so a busy whoami does not write each time.
    @Bounded(.seconds(1)...Self.longest) public var lastUsedGranularity: Duration = .seconds(60)
    /// Consecutive failed sign-ins for one username before it is locked.
    @Bounded(1...1_000) public var maximumFailedLogins = 5
    /// The window those failures must fall in.
    @Bounded(.seconds(1)...Self.longest) public var failureWindow: Duration = .seconds(15 * 60)
    /// How long a locked username is refused without its password being checked.
    @Bounded(.seconds(1)...Self.longest) public var lockoutDuration: Duration = .seconds(15 * 60)
    /// With a client address, `maximumFailedLogins` counts per name *and address*; a name alone locks
    /// (for `lockoutDuration`) only after this many failures from all addresses (NIST SP 800-63B's
    /// ceiling), so no one address can lock a victim out.
    @Bounded(1...100_000) public var maximumFailedLoginsPerName = 100
    /// Failures from one address, across any names, that block the address.
    @Bounded(1...100_000) public var maximumFailedLoginsPerAddress = 100
    /// Registrations from one address in `addressFailureWindow`: each costs an Argon2id hash and a
    /// row, so past this the address registers nothing more until the window ends.
    @Bounded(1...100_000) public var maximumRegistrationsPerAddress = 10
    /// The window of the counts above, and how long a blocked address stays blocked.
    @Bounded(.seconds(1)...Self.longest) public var addressFailureWindow: Duration = .seconds(3600)
    /// How long a write waits for another process's lock before failing as busy.
    @Bounded(.milliseconds(1)...(.seconds(600))) public var busyTimeout: Duration = .seconds(5)
    /// How many audit events the History scene shows unless asked for another number.
    @Bounded(1...Self.maximumHistoryLimit) public var historyLimit = 20
    /// How long a personal access token lasts when its creator names no expiry.
    @Bounded(.seconds(60)...Self.longest) public var accessTokenLifetime: Duration = .seconds(90 * 24 * 3600)
    /// The longest expiry a token may be given; nil: no maximum, and tokens that never expire are
    /// allowed. One year by default (as GitHub's fine-grained tokens).
    public var maximumAccessTokenLifetime: Duration? = .seconds(366 * 24 * 3600) {
        didSet {
            maximumAccessTokenLifetime = maximumAccessTokenLifetime.map { min(max($0, .seconds(60)), Self.longest) }
        }
    }
    /// How long an invitation lasts when its issuer names no expiry.
    @Bounded(.seconds(60)...(.seconds(366 * 24 * 3600))) public var invitationLifetime: Duration = .seconds(
        7 * 24 * 3600)
    /// The longest expiry an invitation may be given.
    @Bounded(.seconds(60)...(.seconds(366 * 24 * 3600))) public var maximumInvitationLifetime: Duration =
        .seconds(30 * 24 * 3600)
    /// How long a one-time code (password reset) may be used.
    @Bounded(.seconds(60)...(.seconds(7 * 24 * 3600))) public var oneTimeCodeLifetime: Duration = .seconds(30 * 60)
    /// The least time the service takes to answer a reset request, so that an existing account (a
    /// code made and stored) and an unknown one (nothing to store) answer alike: the work differs by
    /// a few hundred microseconds, measured by the benchmarks' "reset request" ratio.
    @Bounded(.zero...(.seconds(5))) public var resetRequestFloor: Duration = .milliseconds(25)
    /// How long after a code is issued to an account (a reset, or an email verification) a new
    /// request for that account's code issues none: it is answered alike, nothing is delivered, and
    /// the live code keeps working, so a stranger cannot void the code the owner just received or
    /// run the delivery in a loop.
    @Bounded(.seconds(1)...(.seconds(3600))) public var codeRequestCooldown: Duration = .seconds(60)
    /// Code requests one client address may make in `codeRequestWindow` (every request counts,
    /// whichever account it names, known or not); past it, requests are answered alike and issue no
    /// code. Requests without an address (a command on this machine) have only the cooldown.
    @Bounded(1...100_000) public var maximumCodeRequestsPerAddress = 10
    /// The window of `maximumCodeRequestsPerAddress`.
    @Bounded(.seconds(1)...Self.longest) public var codeRequestWindow: Duration = .seconds(15 * 60)
    /// Passkeys one account may hold.
    @Bounded(1...100) public var maximumPasskeys = 10
    /// How long a passkey ceremony's challenge may be answered (the browser's timeout too).
    @Bounded(.seconds(30)...(.seconds(30 * 60))) public var passkeyChallengeLifetime: Duration = .seconds(5 * 60)
    /// How recent a session's sign-in must be for it to enrol a passkey: an older session signs in
    /// again first, so a borrowed or stolen session cannot add a lasting way in.
    @Bounded(.seconds(60)...(.seconds(24 * 3600))) public var passkeyEnrolmentWindow: Duration = .seconds(10 * 60)
    /// Argon2id cost for new password hashes (OWASP's floor by default).
    public var passwordHashing: Argon2Parameters = .policy
    /// The issuer an authenticator app shows beside the account.
    public var totpIssuer = "Latchkey"

    /// The most events one History request returns.
    public static let maximumHistoryLimit = 1_000
    /// Usernames: this many bytes of `a-z 0-9 . _ -` (the schema checks the same numbers).
    public static let usernameLength = 3...32
    /// Display names: at most this many code points.
    public static let maximumDisplayNameLength = 64
    /// The longest duration any setting takes: ten years, so time sums never overflow.
    public static let longest: Duration = .seconds(10 * 366 * 24 * 3600)

    /// The defaults: passwords of 15 to 1,024 code points; sessions of 30 days, ending after 7 idle
    /// days; 5 failures in 15 minutes lock a username (with a client address: the username from that
    /// address) for 15 minutes; 100 failures from one address in an hour block it for an hour; Argon2id
    /// at 19 MiB, 2 passes.
    public init(
        minimumPasswordLength: Int = 15,
        maximumPasswordLength: Int = 1_024,
        sessionLifetime: Duration = .seconds(30 * 24 * 3600),
        sessionIdleTimeout: Duration = .seconds(7 * 24 * 3600),
        lastUsedGranularity: Duration = .seconds(60),
        maximumFailedLogins: Int = 5,
        failureWindow: Duration = .seconds(15 * 60),
        lockoutDuration: Duration = .seconds(15 * 60),
        busyTimeout: Duration = .seconds(5),
        historyLimit: Int = 20,
        passwordHashing: Argon2Parameters = .policy
    ) {
        self.minimumPasswordLength = minimumPasswordLength
        self.maximumPasswordLength = maximumPasswordLength
        self.sessionLifetime = sessionLifetime
        self.sessionIdleTimeout = sessionIdleTimeout
        self.lastUsedGranularity = lastUsedGranularity
        self.maximumFailedLogins = maximumFailedLogins
        self.failureWindow = failureWindow
        self.lockoutDuration = lockoutDuration
        self.busyTimeout = busyTimeout
        self.historyLimit = historyLimit
        self.passwordHashing = passwordHashing
    }
}

extension Duration {
    /// Whole seconds, as the database counts them.
    package var wholeSeconds: Int64 { components.seconds }
}
