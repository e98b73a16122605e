import Foundation

/// Checks credentials through the Workers and opens a session.
/// An unknown, malformed or disabled username costs the same Argon2id work as a wrong password, and
/// the throttle counts failures for names that do not exist exactly as for those that do.
public final class LoginInteractor: LoginBusinessLogic, LoginDataStore {
    private let presenter: any LoginPresentationLogic
    private let workers: LatchkeyWorkers
    public private(set) var signedInUser: UserProfile?
    public private(set) var session: SessionInfo?

    /// An interactor that reports to `presenter` and works through `workers`.
    public init(presenter: any LoginPresentationLogic, workers: LatchkeyWorkers) {
        self.presenter = presenter
        self.workers = workers
    }

    public func login(request: Login.Authenticate.Request) {
        signedInUser = nil
        session = nil
        let response: Login.Authenticate.Response
        do {
            response = try authenticate(request)
        } catch {
            response = .unavailable(ServiceProblem.from(error))
        }
        presenter.presentLogin(response: response)
    }

    private func authenticate(_ request: Login.Authenticate.Request) throws -> Login.Authenticate.Response {
        let workers = workers
        let now = workers.time.now()
        let key = LoginThrottle.key(for: request.username)
        let username = try? Username(request.username)
        let (locked, account) = try workers.database.read { db in
            (
                try workers.throttle.isLocked(key, now: now, in: db),
                try username.flatMap { try workers.accounts.credentials(for: $0, in: db) }
            )
        }
        if locked {
            // Refused without checking the password, in the same words for every name.
            try workers.database.write { db in
                try workers.audit.record(
                    .loginFailed, reason: .throttled, usernameKey: key, userID: account?.profile.id, now: now, in: db)
            }
            return .throttled
        }
        let password = PasswordRules(policy: workers.policy).normalizedForSignIn(request.password)
        // Always one full verify: against the real hash, or the dummy at current parameters.
        let verified = workers.hasher.verify(password ?? "", against: account?.passwordHash ?? workers.hasher.dummyHash)
        guard verified, let password, let account, !account.isDisabled else {
            let reason: AuthEvent.FailureReason = verified && account?.isDisabled == true ? .disabled : .badCredentials
            try workers.database.write { db in
                try workers.throttle.recordFailure(key, now: now, policy: workers.policy, in: db)
                try workers.audit.record(
                    .loginFailed, reason: reason, usernameKey: key, userID: account?.profile.id, now: now, in: db)
            }
            return .invalidCredentials
        }
        return try signIn(account, password: password, key: key, now: now)
    }

    private func signIn(_ account: AccountCredentials, password: String, key: String, now: Date) throws
        -> Login.Authenticate.Response
    {
        let workers = workers
        let token = workers.tokens.makeToken()
        let user = account.profile
        // Hashed before the transaction: Argon2id is too slow to hold the write lock for.
        let newHash = workers.hasher.needsRehash(account.passwordHash) ? try workers.hasher.hash(password) : nil
        let opened = try workers.database.write { db in
            if let newHash { try workers.accounts.updatePasswordHash(userID: user.id, to: newHash, now: now, in: db) }
            try workers.accounts.recordLogin(userID: user.id, now: now, in: db)
            try workers.throttle.reset(key, in: db)
            try workers.sessions.purgeDead(userID: user.id, now: now, policy: workers.policy, in: db)
            try workers.audit.record(.loginSucceeded, usernameKey: key, userID: user.id, now: now, in: db)
            return try workers.sessions.create(
                for: user, token: token, now: now, lifetime: workers.policy.sessionLifetime, in: db)
        }
        signedInUser = user
        session = opened
        return .signedIn(user: user, session: opened, token: token)
    }
}
