/// Checks credentials through the Workers and opens a session.
/// An unknown, malformed or disabled username costs the same Argon2id work as a wrong password.
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
        presenter.presentLogin(response: response(to: request))
    }

    private func response(to request: Login.Authenticate.Request) -> Login.Authenticate.Response {
        signedInUser = nil
        session = nil
        let password = PasswordRules(policy: workers.policy).normalizedForSignIn(request.password)
        let account: AccountCredentials?
        do {
            account = try (try? Username(request.username)).flatMap { username in
                try workers.database.read { [workers] db in try workers.accounts.credentials(for: username, in: db) }
            }
        } catch {
            return .unavailable(ServiceProblem.from(error))
        }
        // Always one full verify: against the real hash, or the dummy at current parameters.
        let verified = workers.hasher.verify(password ?? "", against: account?.passwordHash ?? workers.hasher.dummyHash)
        guard verified, password != nil, let account, !account.isDisabled else { return .invalidCredentials }
        return signIn(account, password: password ?? "")
    }

    private func signIn(_ account: AccountCredentials, password: String) -> Login.Authenticate.Response {
        let workers = workers
        let now = workers.time.now()
        let token = workers.tokens.makeToken()
        do {
            // Hashed before the transaction: Argon2id is too slow to hold the write lock for.
            let newHash =
                workers.hasher.needsRehash(account.passwordHash) ? try workers.hasher.hash(password) : nil
            let opened = try workers.database.write { db in
                if let newHash {
                    try workers.accounts.updatePasswordHash(userID: account.profile.id, to: newHash, now: now, in: db)
                }
                try workers.accounts.recordLogin(userID: account.profile.id, now: now, in: db)
                return try workers.sessions.create(
                    for: account.profile, token: token, now: now, lifetime: workers.policy.sessionLifetime, in: db
                )
            }
            signedInUser = account.profile
            session = opened
            return .signedIn(user: account.profile, session: opened, token: token)
        } catch {
            return .unavailable(ServiceProblem.from(error))
        }
    }
}
