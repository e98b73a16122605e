/// The Workers every scene is assembled from: one shared database, the hasher, the token
/// generator, the clock and the policy. Inject cheap or spy Workers here in tests.
public struct LatchkeyWorkers: Sendable {
    /// The one storage worker every scene shares.
    package let database: DatabaseWorker
    /// Argon2id at the policy's parameters, unless a test injects another.
    package internal(set) var hasher: any PasswordHashing
    /// Makes new session tokens.
    package let tokens: any SessionTokenGenerating
    /// The clock.
    package let time: any TimeSource
    /// Every rule number.
    package let policy: SecurityPolicy
    /// The key outside the database that names matching no account are hashed with.
    package let secret: InstallationSecret
    /// Delivers the messages flows such as a password reset need; `NoDelivery` unless given one.
    package let delivery: any MessageDelivery
    /// The service's delivery queue, where messages go instead of being delivered at once.
    var outbox: DeliveryQueue?
    let accounts = AccountStore()
    /// Sessions, read under the policy's idle timeout.
    var sessions: SessionStore { SessionStore(idleTimeout: policy.sessionIdleTimeout) }
    let roles = RoleStore()
    let factors = SecondFactorStore()
    /// Seals second-factor secrets under the installation secret.
    var box: SecretBox { SecretBox(secret: secret) }
    /// Checks second-factor codes.
    var verifier: SecondFactorVerifier { SecondFactorVerifier(store: factors, box: box, secret: secret) }
    /// The one session check.
    var gate: SessionGate { SessionGate(sessions: sessions, policy: policy) }
    let accessTokens = AccessTokenStore()
    /// The one access-token check.
    var tokenGate: AccessTokenGate { AccessTokenGate(tokens: accessTokens, policy: policy) }
    let oneTimeCodes = OneTimeCodeStore()
    let invitations = InvitationStore()
    package let oidcClients = OIDCClientStore()
    let passkeys = PasskeyStore()
    /// The OpenID provider's signing keys, sealed under the installation secret.
    var signingKeys: SigningKeyStore { SigningKeyStore(secret: secret) }
    let usedChallenges = UsedChallengeStore()
    /// Where passkeys are used; nil (the default) turns passkeys off. A server sets it from the
    /// origin its pages are served from.
    public var relyingParty: RelyingParty?
    /// The OpenID provider's issuer: the origin a server's pages are served from
    /// (`https://auth.example.com`, no trailing slash); nil (the default) turns the provider off.
    public var issuer: String?
    /// Verifies imported hashes; a spy stands in for it in tests.
    var importedHashes: any ImportedHashVerifying = ImportedHashVerifier()

    /// Workers over `database`, at policy strength unless told otherwise; the secret defaults to the key
    /// file beside a database file.
    /// - Parameters:
    ///   - database: The one database every scene uses.
    ///   - hasher: The password hasher; Argon2id at `policy.passwordHashing` when nil.
    ///   - policy: Every rule number (lengths, limits, lifetimes).
    ///   - secret: The installation's key file; beside a database file when nil.
    ///   - delivery: Where reset and verification codes and notices go; none by default.
    public init(
        database: DatabaseWorker, hasher: (any PasswordHashing)? = nil, policy: SecurityPolicy = SecurityPolicy(),
        secret: InstallationSecret? = nil, delivery: any MessageDelivery = NoDelivery()
    ) {
        self.init(
            database: database, hasher: hasher, tokens: RandomSessionTokens(), time: SystemTime(), policy: policy,
            secret: secret, delivery: delivery)
    }

    /// The same with the token generator and the clock chosen (tests inject them).
    package init(
        database: DatabaseWorker,
        hasher: (any PasswordHashing)? = nil,
        tokens: any SessionTokenGenerating = RandomSessionTokens(),
        time: any TimeSource,
        policy: SecurityPolicy = SecurityPolicy(),
        secret: InstallationSecret? = nil,
        delivery: any MessageDelivery = NoDelivery()
    ) {
        let secret = secret ?? .beside(database.location)
        // The first write after the key's first use records it in the database (or is refused).
        database.installationKeys.watch(secret)
        self.secret = secret
        self.database = database
        self.hasher = hasher ?? Argon2idHasher(parameters: policy.passwordHashing)
        self.tokens = tokens
        self.time = time
        self.policy = policy
        self.delivery = delivery
    }
}
