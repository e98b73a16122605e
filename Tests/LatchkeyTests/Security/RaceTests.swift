import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The check-then-act races of issue 9, run with threads through the library on one shared database
/// (a file for SQLite, a schema on the test server for PostgreSQL).
/// Each decision taken before the (unlocked) hash must hold when the outcome is written.
@Suite(.onEveryEngine, .tags(.postgres, .stress)) struct RaceTests {
    let folder = try! TemporaryFolder()

    private func workers(hasher: any PasswordHashing, policy: SecurityPolicy = SecurityPolicy()) throws
        -> LatchkeyWorkers
    {
        LatchkeyWorkers(
            database: try racingDatabase(in: folder), hasher: hasher, policy: policy)
    }

    @Test(arguments: ["alice", "nobody-by-this-name"])
    func parallelWrongGuessesVerifyNoMorePasswordsThanThePolicyAllows(_ name: String) throws {
        let spy = PasswordHashingSpy(Argon2idHasher(parameters: .cheapestForTests))
        let workers = try workers(hasher: spy)
        try Seeds.register(Seeds.alice, with: workers)
        spy.reset()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let interactor = LoginInteractor(presenter: LoginPresentationLogicSpy(), workers: workers)
            for _ in 0..<12 { interactor.login(request: .init(username: name, password: Seeds.otherPassword)) }
        }
        let verified = spy.calls.filter { if case .verify = $0 { true } else { false } }.count
        #expect(verified == workers.policy.maximumFailedLogins)
        // The lock holds for the right password too.
        let login = LoginPresentationLogicSpy()
        LoginInteractor(presenter: login, workers: workers).login(
            request: .init(username: "alice", password: Seeds.password))
        // The system clock runs here: the lock set a moment ago has 15 minutes left, give or take the
        // second the race took.
        if name == "alice", case .throttled(let wait)? = login.responses.last {
            #expect(login.responses.count == 1)
            #expect((.seconds(14 * 60)...(.seconds(15 * 60))).contains(wait), "\(wait)")
        } else if name == "alice" {
            Issue.record("not throttled: \(login.responses)")
        }
    }

    @Test func aSignInVerifiedWithThePasswordAChangeReplacedOpensNoSession() throws {
        let gated = GatedHasher()
        let workers = try workers(hasher: gated)
        try Seeds.register(Seeds.alice, with: workers)
        // The sign-in verifies the old password, then stops before it writes its session.
        let signIn = signInInBackground(workers)
        gated.waitUntilHeld()
        let passwd = try changePassword(workers, to: Seeds.otherPassword)
        gated.open()
        #expect(signIn.wait() == [.invalidCredentials])
        #expect(passwd == [.changed(otherSessionsEnded: 0)])
        #expect(try liveSessions(workers) == 1)  // only the one passwd ran in
    }

    @Test func aPasswordExpiredWhileTheSignInHashesIsRequiredOfThatSignIn() throws {
        let gated = GatedHasher()
        let workers = try workers(hasher: gated)
        try Seeds.register(Seeds.alice, with: workers)
        let signIn = signInInBackground(workers)
        gated.waitUntilHeld()
        AdminInteractor(presenter: AdminPresentationLogicSpy(), workers: workers).act(
            request: .init(username: "alice", action: .expirePassword, actor: .init(osUser: "root")))
        gated.open()
        let responses = signIn.wait()
        guard case .passwordChangeRequired = try #require(responses.last) else {
            Issue.record("the sign-in answered from the account as it was before the hash: \(responses)")
            return
        }
    }

    @Test func twoPasswordChangesAtOnceLeaveExactlyOneNewPassword() throws {
        let workers = try workers(hasher: Argon2idHasher(parameters: .cheapestForTests))
        try Seeds.register(Seeds.alice, with: workers)
        let token = try Seeds.login("alice", with: workers)
        let late = GatedHasher()
        let lateWorkers = LatchkeyWorkers(database: workers.database, hasher: late, policy: workers.policy)
        let slow = BackgroundRun { [lateWorkers] in
            let first = ChangePasswordPresentationLogicSpy()
            ChangePasswordInteractor(presenter: first, workers: lateWorkers).changePassword(
                request: .init(token: token, currentPassword: Seeds.password, newPassword: "the first new passphrase"))
            return first.responses
        }
        late.waitUntilHeld()
        let second = try changePassword(workers, token: token, to: "the second new passphrase")
        late.open()
        #expect(slow.wait() == [.invalidCredentials])
        #expect(second == [.changed(otherSessionsEnded: 0)])
        #expect(throws: Seeds.SeedError.self) { try Seeds.login("alice", "the first new passphrase", with: workers) }
        _ = try Seeds.login("alice", "the second new passphrase", with: workers)
    }

    @Test("Eight registrations racing with one invitation code make exactly one account")
    func oneInvitationMakesOneAccount() throws {
        // Every registration passes the read before any of them writes.
        let workers = try workers(hasher: BarrierHasher(parties: 8))
        let code = try Seeds.invite(.init(roles: ["editor"], actor: .init(osUser: "test")), with: workers)
        // Threads of their own: a pool as wide as the cores would never gather all eight at once.
        let runs = (0..<8).map { index in
            BackgroundRun {
                let spy = RegisterPresentationLogicSpy()
                RegisterInteractor(presenter: spy, workers: workers).register(
                    request: .init(username: "racer\(index)", password: Seeds.password, invitation: code))
                return spy.responses
            }
        }
        let all = runs.flatMap { $0.wait() }
        #expect(all.count == 8)
        #expect(all.filter { $0.registered != nil }.count == 1)
        #expect(all.filter { $0 == .rejected(.invitationRefused(.used)) }.count == 7, "\(all)")
        let counts = try workers.database.read { db in
            try db.queryFirst(
                "SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM user_roles) AS roles"
            ) { (try $0.int64("users"), try $0.int64("roles")) }
        }
        #expect(counts?.0 == 1)
        #expect(counts?.1 == 1)
    }

    private func changePassword(_ workers: LatchkeyWorkers, token: SessionToken? = nil, to new: String) throws
        -> [ChangePassword.Update.Response]
    {
        let token = try token ?? Seeds.login("alice", with: workers)
        let spy = ChangePasswordPresentationLogicSpy()
        ChangePasswordInteractor(presenter: spy, workers: workers).changePassword(
            request: .init(token: token, currentPassword: Seeds.password, newPassword: new))
        return spy.responses
    }

    /// Alice signing in with her password on another thread (held by a gated hasher mid-verify).
    private func signInInBackground(_ workers: LatchkeyWorkers) -> BackgroundRun<[Login.Authenticate.Response]> {
        BackgroundRun {
            let login = LoginPresentationLogicSpy()
            LoginInteractor(presenter: login, workers: workers).login(
                request: .init(username: "alice", password: Seeds.password))
            return login.responses
        }
    }

    private func liveSessions(_ workers: LatchkeyWorkers) throws -> Int64 {
        try workers.database.read { db in
            try db.queryFirst("SELECT count(*) FROM sessions WHERE revoked_at IS NULL") { try $0.int64(at: 0) } ?? -1
        }
    }
}
