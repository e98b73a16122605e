import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct ThrottleTests {
    let time = ManualTime()
    let hasher = PasswordHashingSpy(Argon2idHasher(parameters: .cheapestForTests))
    let workers: LatchkeyWorkers
    let display = DisplayLogicSpy()

    init() throws {
        workers = try Seeds.workers(time: time, hasher: hasher)
        try Seeds.register(Seeds.alice, with: workers)
    }

    private func login(_ username: String, _ password: String) -> Login.Authenticate.ViewModel? {
        SceneFactory(workers: workers).makeLoginScene(display: display).interactor.login(
            request: .init(username: username, password: password))
        return display.logins.last
    }

    private static let invalid = Login.Authenticate.ViewModel.failure(.invalidCredentials)
    /// The refusal, saying how long the lock has left (`seconds`).
    private static func throttled(_ seconds: Int64 = 15 * 60) -> Login.Authenticate.ViewModel {
        .failure(
            LatchkeyError(
                message: "Too many attempts. Try again later.", kind: .notAuthenticated, code: .throttled,
                retryAfter: .seconds(seconds)))
    }

    @Test(arguments: ["alice", "nobody-by-this-name"])
    func fiveFailuresLockTheNameAndTheRefusalReadsTheSameWhetherOrNotItExists(_ name: String) {
        for _ in 0..<5 { #expect(login(name, Seeds.otherPassword) == Self.invalid) }
        hasher.reset()
        #expect(login(name, Seeds.otherPassword) == Self.throttled())
        // Even the right password is refused, and it is not even checked.
        #expect(login(name, Seeds.password) == Self.throttled())
        #expect(hasher.calls == [])
    }

    @Test func theLockIsPerUsernameAndCaseInsensitive() {
        for _ in 0..<5 { _ = login("ALICE", Seeds.otherPassword) }
        #expect(login("alice", Seeds.password) == Self.throttled())
        #expect(login("nobody", Seeds.password) == Self.invalid)
    }

    @Test func aSuccessResetsTheCount() throws {
        for _ in 0..<4 { _ = login("alice", Seeds.otherPassword) }
        _ = try #require((login("alice", Seeds.password))?.shown, "not signed in")
        for _ in 0..<4 { #expect(login("alice", Seeds.otherPassword) == Self.invalid) }
        _ = try #require(
            (login("alice", Seeds.password))?.shown, "locked after four failures since the success")
    }

    @Test func theLockEndsAfterFifteenMinutes() throws {
        for _ in 0..<5 { _ = login("alice", Seeds.otherPassword) }
        time.advance(by: .seconds(14 * 60 + 59))
        #expect(login("alice", Seeds.password) == Self.throttled(1))
        time.advance(by: .seconds(1))
        _ = try #require((login("alice", Seeds.password))?.shown, "still locked after fifteen minutes")
    }

    @Test func failuresSpreadOverMoreThanTheWindowDoNotLock() throws {
        for _ in 0..<4 { _ = login("alice", Seeds.otherPassword) }
        time.advance(by: .seconds(15 * 60))
        #expect(login("alice", Seeds.otherPassword) == Self.invalid)
        _ = try #require((login("alice", Seeds.password))?.shown, "old failures counted")
    }

    @Test func theLockHoldsAcrossWorkersOnOneDatabaseFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("latchkey.sqlite3")
        let first = LatchkeyWorkers(
            database: try DatabaseWorker(.file(path: path)), hasher: Argon2idHasher(parameters: .cheapestForTests),
            time: time)
        try Seeds.register(Seeds.alice, with: first)
        for _ in 0..<5 {
            LoginInteractor(presenter: LoginPresentationLogicSpy(), workers: first).login(
                request: .init(username: "alice", password: Seeds.otherPassword))
        }
        let second = LatchkeyWorkers(
            database: try DatabaseWorker(.file(path: path)), hasher: Argon2idHasher(parameters: .cheapestForTests),
            time: time)
        let spy = LoginPresentationLogicSpy()
        LoginInteractor(presenter: spy, workers: second).login(
            request: .init(username: "alice", password: Seeds.password))
        #expect(spy.responses == [.throttled(retryAfter: .seconds(15 * 60))])
    }

    @Test func everyNumberComesFromThePolicy() throws {
        let strict = try Seeds.workers(
            time: time, policy: SecurityPolicy(maximumFailedLogins: 2, lockoutDuration: .seconds(60)))
        try Seeds.register(Seeds.alice, with: strict)
        let spy = LoginPresentationLogicSpy()
        let interactor = LoginInteractor(presenter: spy, workers: strict)
        for _ in 0..<3 { interactor.login(request: .init(username: "alice", password: Seeds.otherPassword)) }
        #expect(spy.responses == [.invalidCredentials, .invalidCredentials, .throttled(retryAfter: .seconds(60))])
        time.advance(by: .seconds(60))
        interactor.login(request: .init(username: "alice", password: Seeds.password))
        _ = try #require((spy.responses.last)?.signedIn, "lock outlived the policy's duration")
    }
}
