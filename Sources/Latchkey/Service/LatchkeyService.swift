public import Foundation
public import Logging

/// Latchkey for async code (servers): every method runs its scene on a lane of threads of its own,
/// never on Swift's cooperative pool. Scenes that hash a password (register, sign in) run on the
/// hashing lane, bounded in threads and queue (a full queue throws `overloaded` at once); the
/// others run on the database lane, so a session check never waits behind a hash. The scenes stay
/// the one implementation of every rule: the service sends their Requests, and its display takes
/// what their presenters show, the same ViewModel the CLI prints and a server returns.
public final class LatchkeyService: Sendable {
    /// How many threads each lane has and how much work may wait.
    public struct Lanes: Sendable, Hashable {
        /// Argon2id computations at once (each holds the policy's memory, 19 MiB by default). The
        /// hashing lane has up to as many threads again, which do a sign-in's database writes while
        /// another's hash runs.
        public var hashingThreads: Int
        /// Sign-ins that may wait for a hashing thread before `overloaded` is answered.
        public var hashingQueueDepth: Int
        /// Threads doing database work that hashes nothing.
        public var databaseThreads: Int
        /// Messages (reset and verification codes, notices) waiting or being delivered, at most; a
        /// request that would send one more answers `overloaded`, with no code issued.
        public var deliveryQueueDepth: Int

        /// The defaults: hashing on all cores but one (at least one), 64 waiting, 4 database threads,
        /// 1,024 messages.
        public init(
            hashingThreads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
            hashingQueueDepth: Int = 64, databaseThreads: Int = 4, deliveryQueueDepth: Int = 1_024
        ) {
            self.hashingThreads = hashingThreads
            self.hashingQueueDepth = hashingQueueDepth
            self.databaseThreads = databaseThreads
            self.deliveryQueueDepth = deliveryQueueDepth
        }
    }

    /// The Workers the scenes are assembled from.
    package let workers: LatchkeyWorkers
    /// Where the service says how calls ended (see `ServiceLogging`); silent unless given one.
    public let logger: Logger
    let hashing: Lane
    /// At most `Lanes.hashingThreads` hashes at once, whatever the hashing lane's threads.
    let permits: PermittedHasher
    let database: Lane
    /// Runs the application's deliveries, after the answers, so a slow one delays no request.
    private let delivery: DeliveryQueue
    /// Keeps a flood of one refused access token to a log line a minute.
    let refusalLog = RefusalLogLimiter(window: AccessTokenGate.refusalWindow)
    /// Verifies the OpenID provider's tokens when they come back, keeping the published keys built.
    let verifier = TokenVerifier()

    /// A service over `workers`; its lane threads start now and stop when it is released.
    public init(workers: LatchkeyWorkers, lanes: Lanes = Lanes(), logger: Logger = LatchkeyService.silentLogger) {
        let delivery = DeliveryQueue(capacity: lanes.deliveryQueueDepth, logger: logger)
        var workers = workers
        workers.outbox = delivery
        let permits = PermittedHasher(workers.hasher, permits: lanes.hashingThreads)
        workers.hasher = permits
        self.workers = workers
        self.permits = permits
        self.delivery = delivery
        self.logger = logger
        // Companion threads come out of the queue's depth: as many sign-ins are admitted as before.
        let companions = min(permits.permits, max(0, lanes.hashingQueueDepth))
        hashing = Lane(
            name: "latchkey-hash", threads: permits.permits + companions,
            queueDepth: lanes.hashingQueueDepth - companions, lowerPriority: true,
            computing: permits.permits)
        database = Lane(name: "latchkey-db", threads: lanes.databaseThreads, queueDepth: 4_096)
    }

    /// Stops taking messages (a request that would send one answers `unavailable` from now on),
    /// waits up to `grace` for the queued ones to be delivered, then drops the rest, each audited as
    /// a failed delivery, and ends the deliveries still running (`CommandDelivery` kills its commands
    /// with their process groups). Answers how many messages were dropped. A server calls it once
    /// its last request is answered.
    @discardableResult
    public func shutdown(grace: Duration = .seconds(10)) async -> Int {
        await delivery.shutdown(grace: grace, delivery: workers.delivery)
    }

    /// Messages waiting or being delivered (a server's gauge).
    public var messagesQueued: Int { delivery.held }

    /// Sign-ins and registrations waiting for a hashing thread (a server's queue-depth gauge).
    public var signInsWaiting: Int { hashing.waiting + permits.waiting }

    /// Sign-ins and registrations a hashing thread is computing now.
    public var signInsHashing: Int { permits.hashing }

    /// Creates an account; answers its principal (no session: sign in next).
    ///
    /// With `invitation` (a code from `latchkey admin invite`), the registration uses the invitation
    /// up and the account gets its roles, in the one write that creates it. An unknown, used or
    /// expired code, or one that names another email address, is refused with `forbidden` before the
    /// password is hashed (and counts in the registration throttle, as every registration does).
    /// A server that registers by invitation only refuses requests without one itself.
    public func register(
        username: String, password: String, email: String? = nil, phone: String? = nil, displayName: String? = nil,
        invitation: String? = nil, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> Principal {
        try await logged("register") { () async throws(LatchkeyError) in
            let request = Register.CreateAccount.Request(
                username: username, password: password, email: email, phone: phone, displayName: displayName,
                invitation: invitation)
            let principal = try await show(on: hashing, client) { scenes, display in
                scenes.makeRegisterScene(display: display).interactor
                    .register(request: request)
            }
            logger.info("account created", metadata: ["user_id": .stringConvertible(principal.userID)])
            return principal
        }
    }

    /// Checks a username and password and opens a session, or asks for the second factor. With a
    /// client address, the throttle counts per name and address, and per address (`SecurityPolicy`).
    public func signIn(
        username: String, password: String, label: String? = nil, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> SignInResult {
        try await logged("sign_in") { () async throws(LatchkeyError) in
            let request = Login.Authenticate.Request(username: username, password: password, label: label)
            let result = try await keptOrEnded(
                try await show(on: hashing, client) { scenes, display in
                    scenes.makeLoginScene(display: display).interactor.login(
                        request: request)
                }, from: client)
            logSignIn(result)
            return result
        }
    }

    /// The second step of a sign-in: the challenge `signIn` answered, and a code (or a recovery code).
    public func completeSignIn(
        challenge: String, code: String, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> SignInResult {
        try await logged("complete_sign_in") { () async throws(LatchkeyError) in
            let request = Login.SecondFactor.Request(challenge: LoginChallenge(secret: challenge), code: code)
            let result = try await keptOrEnded(
                try await show(on: database, client) { scenes, display in
                    scenes.makeLoginScene(display: display).interactor
                        .completeLogin(request: request)
                }, from: client)
            logSignIn(result)
            return result
        }
    }

    /// Who holds `token`: the principal of a live session or personal access token (`lkp_…`), or
    /// `not_signed_in` / `session_expired` / `password_change_required`. Records the use (at most
    /// once a minute; for an access token, with `client`, shown by `tokens list`).
    public func authenticate(token: String, client: ClientContext? = nil) async throws(LatchkeyError) -> Principal {
        try await logged("authenticate", refusing: Self.accessToken(token)) { () async throws(LatchkeyError) in
            let source: WhoAmI.Profile.Source =
                AccessToken.looksLikeOne(token) ? .accessToken(AccessToken(token)) : .token(SessionToken(token))
            return try await show(on: database, client) { scenes, display in
                scenes.makeWhoAmIScene(display: display).interactor
                    .fetchProfile(request: .init(source: source))
            }
        }
    }

    /// `token` when it is an access token (whose refusals are logged once a minute), else nil.
    private static func accessToken(_ token: String) -> String? { AccessToken.looksLikeOne(token) ? token : nil }

    /// The principal of `token` (a session or an access token) if it may act as `role`; `forbidden`
    /// if signed in without it (for an access token: unless it carries the role and its user holds it).
    public func authorize(token: String, role: String, client: ClientContext? = nil) async throws(LatchkeyError)
        -> Principal
    {
        try await authorize(token: token, roles: [role], client: client)
    }

    /// The principal of `token` if it may act in every one of `roles`; `forbidden` if signed in
    /// without one of them.
    public func authorize(token: String, roles: [String], client: ClientContext? = nil) async throws(LatchkeyError)
        -> Principal
    {
        try await logged("authorize", refusing: Self.accessToken(token)) { () async throws(LatchkeyError) in
            let isAccessToken = AccessToken.looksLikeOne(token)
            let request =
                isAccessToken
                ? Authorize.Check.Request(accessToken: AccessToken(token), roles: roles)
                : Authorize.Check.Request(token: SessionToken(token), roles: roles)
            return try await show(on: database, client) { scenes, display in
                scenes.makeAuthorizeScene(display: display).interactor
                    .check(request: request)
            }
        }
    }

    /// Ends the session of `token` (with `everywhere`, every session of its user); answers how many
    /// ended. Signing out twice is not an error (0).
    public func signOut(
        token: String, everywhere: Bool = false, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> Int {
        try await logged("sign_out") { () async throws(LatchkeyError) in
            let request = Logout.SignOut.Request(
                token: try Self.session(token, for: "sign out"), everywhere: everywhere)
            return try await show(on: database, client) { scenes, display in
                scenes.makeLogoutScene(display: display).interactor.logout(
                    request: request)
            }
        }
    }

    /// A sign-in whose caller was cancelled while the hash ran still completed: its session is ended
    /// (as a display that cannot keep a token does) before the call reports the cancellation, so no
    /// live session exists whose token nobody received.
    func keptOrEnded(_ result: SignInResult, from client: ClientContext?) async throws(LatchkeyError)
        -> SignInResult
    {
        guard Task.isCancelled, let text = result.token, let token = SessionToken(text) else { return result }
        // A detached task: this one is cancelled, and the lane would refuse its work.
        await Task.detached { [self] in
            _ = try? await runOnDatabaseLane(client) { scenes in
                LoginInteractor(presenter: LoginPresenter(), workers: scenes.workers, client: scenes.client)
                    .abandonSession(
                        request: .init(token: token))
                return true
            }
        }.value
        throw LatchkeyError(code: .unavailable, message: "The request was cancelled; its new session was ended.")
    }

    // MARK: Running a scene

    /// Runs a scene on `lane`, assembled for `client`'s request with its presenter showing to the
    /// service's display, and answers the ViewModel it showed: the value, or its failure thrown.
    func show<Value: Sendable>(
        on lane: Lane, _ client: ClientContext?,
        _ scene: @escaping @Sendable (SceneFactory, Reply<Result<Value, LatchkeyError>>) -> Void
    ) async throws(LatchkeyError) -> Value {
        try await run(on: lane, client) { scenes in
            let display = Reply<Result<Value, LatchkeyError>>()
            scene(scenes, display)
            return display.viewModel
        }.get()
    }

    /// Runs `scene` on the database lane, assembled for `client`'s request, and returns what it
    /// answered (for the service's own work outside a scene's display: abandoning a session, the
    /// readiness check); a lane that refuses, a cancelled caller and a scene that answered nothing
    /// each become a `LatchkeyError`.
    func runOnDatabaseLane<Response: Sendable>(
        _ client: ClientContext? = nil, _ scene: @escaping @Sendable (SceneFactory) -> Response?
    ) async throws(LatchkeyError) -> Response {
        try await run(on: database, client, scene)
    }

    private func run<Response: Sendable>(
        on lane: Lane, _ client: ClientContext?, _ scene: @escaping @Sendable (SceneFactory) -> Response?
    ) async throws(LatchkeyError) -> Response {
        let scenes = SceneFactory(workers: workers, client: client)
        let response: Response?
        do {
            response = try await lane.run { scene(scenes) }
        } catch let refusal as LaneRefusalError {
            throw .refused(refusal)
        } catch {
            throw LatchkeyError(code: .unavailable, message: "The request was cancelled.")
        }
        guard let response else {
            throw LatchkeyError(code: .internalError, message: "Internal error: a scene answered nothing.")
        }
        return response
    }
}
