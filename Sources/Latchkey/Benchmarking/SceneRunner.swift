/// The scenes as the CLI runs them, on the caller's thread, for the benchmark harness: it measures
/// the library's own path (the scene, its Workers, the database) beside plain SQLite and GRDB. Not
/// API: the harness reaches it with `@_spi(Benchmarks) import Latchkey`. One runner per thread, as
/// one scene per display.
@_spi(Benchmarks) public final class SceneRunner {
    private let tally = Tally()
    private let factory: SceneFactory
    private let profile: WhoAmIScene
    private let login: LoginScene

    /// A runner over `workers`, with one WhoAmI and one Login scene kept for every call.
    public init(workers: LatchkeyWorkers) {
        factory = SceneFactory(workers: workers)
        profile = factory.makeWhoAmIScene(display: tally)
        login = factory.makeLoginScene(display: tally)
    }

    /// How many calls the presenters answered with a value (a profile, a session, an import).
    public var shown: Int { tally.shown }

    /// The profile of a session token (`lk_…`) or an access token (`lkp_…`), as `latchkey whoami`
    /// reads it.
    public func whoAmI(_ token: String) {
        let source: WhoAmI.Profile.Source =
            AccessToken.looksLikeOne(token) ? .accessToken(AccessToken(token)) : .token(SessionToken(token))
        profile.interactor.fetchProfile(request: .init(source: source))
    }

    /// A sign-in, as `latchkey login` makes it.
    public func signIn(username: String, password: String) {
        login.interactor.login(request: .init(username: username, password: password))
    }

    /// Imports a Django `auth_user` CSV export read from `descriptor`, as `latchkey admin import`.
    public func importDjangoUsers(from descriptor: Int32) {
        factory.makeImportUsersScene(display: tally).interactor.importUsers(
            request: .init(descriptor: descriptor, format: .django, actor: .init(osUser: "bench")))
    }
}

/// The runner's display: counts what was shown, keeps nothing else.
private final class Tally: WhoAmIDisplayLogic, LoginDisplayLogic, ImportUsersDisplayLogic {
    var shown = 0

    func displayProfile(viewModel: WhoAmI.Profile.ViewModel) {
        if case .success = viewModel { shown += 1 }
    }

    func displayLogin(viewModel: Login.Authenticate.ViewModel) {
        if case .success(let result) = viewModel, result.status == .signedIn { shown += 1 }
    }

    func displayProgress(line: String) {}

    func displayImport(viewModel: ImportUsers.ViewModel) {
        if case .done = viewModel { shown += 1 }
    }
}
