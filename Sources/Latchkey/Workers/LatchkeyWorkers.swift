/// The Workers every scene is assembled from: one shared database, the hasher, the token
/// generator, the clock and the policy. Inject cheap or spy Workers here in tests.
public struct LatchkeyWorkers: Sendable {
    public let database: DatabaseWorker
    public let hasher: any PasswordHashing
    public let tokens: any SessionTokenGenerating
    public let time: any TimeSource
    public let policy: SecurityPolicy
    let accounts = AccountStore()
    let sessions = SessionStore()
    let throttle = LoginThrottle()
    let audit = AuditLog()

    /// Workers over `database`, at policy strength unless told otherwise.
    public init(
        database: DatabaseWorker,
        hasher: any PasswordHashing = Argon2idHasher(),
        tokens: any SessionTokenGenerating = RandomSessionTokens(),
        time: any TimeSource = SystemTime(),
        policy: SecurityPolicy = SecurityPolicy()
    ) {
        self.database = database
        self.hasher = hasher
        self.tokens = tokens
        self.time = time
        self.policy = policy
    }
}
