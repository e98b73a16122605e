import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct LoginInteractorTests {
    let time = ManualTime()
    let hasher = PasswordHashingSpy(Argon2idHasher(parameters: .cheapestForTests))
    let workers: LatchkeyWorkers
    let spy = LoginPresentationLogicSpy()
    let interactor: LoginInteractor

    init() throws {
        workers = try Seeds.workers(time: time, hasher: hasher)
        try Seeds.register(Seeds.alice, with: workers)
        interactor = LoginInteractor(presenter: spy, workers: workers)
        hasher.reset()
    }

    private func login(_ username: String, _ password: String) -> Login.Authenticate.Response? {
        interactor.login(request: .init(username: username, password: password))
        return spy.responses.last
    }

    @Test func rightCredentialsOpenASessionAndPresentTheUserAndANewToken() throws {
        let (user, session, token) = try #require(
            (login("ALICE", Seeds.password))?.signedIn, "not signed in: \(spy.responses)")
        #expect(user.username == "alice")
        #expect(session.expiresAt == time.now().addingTimeInterval(30 * 24 * 3600))
        #expect(interactor.signedInUser == user)
        #expect(interactor.session == session)
        let stored = try workers.database.read { db in
            try db.queryFirst("SELECT token_hash FROM sessions WHERE id = ?", [session.id]) { try $0.bytes(at: 0) }
        }
        #expect(stored == token.hash)
    }

    @Test func everyLoginGetsANewToken() throws {
        let first = try Seeds.login("alice", with: workers)
        let second = try Seeds.login("alice", with: workers)
        #expect(first != second)
    }

    @Test func aWrongPasswordAndAnUnknownUsernameGiveTheSameFailure() {
        #expect(login("alice", Seeds.otherPassword) == .invalidCredentials)
        #expect(login("mallory", Seeds.password) == .invalidCredentials)
        #expect(login("not a valid name!", Seeds.password) == .invalidCredentials)
        #expect(interactor.signedInUser == nil)
    }

    @Test func anUnknownUsernameCostsTheSameHasherWorkAsAWrongPassword() throws {
        _ = login("alice", Seeds.otherPassword)
        let wrongPassword = hasher.calls
        hasher.reset()
        _ = login("mallory", Seeds.otherPassword)
        let unknownUser = hasher.calls
        #expect(wrongPassword.count == 1)
        #expect(unknownUser.count == 1)
        guard case .verify(let realHash) = wrongPassword.first, case .verify(let dummy) = unknownUser.first else {
            Issue.record("no verify: \(wrongPassword) \(unknownUser)")
            return
        }
        // Same call, against a hash of the same parameters: the same Argon2id work.
        #expect(dummy == hasher.dummyHash)
        #expect(PHCParameters(dummy) == PHCParameters(realHash))
    }

    @Test func aTooLongPasswordStillCostsOneVerify() {
        #expect(login("alice", String(repeating: "x", count: 1 << 20)) == .invalidCredentials)
        #expect(hasher.calls.count == 1)
    }

    @Test func aDisabledUserCannotLogIn() throws {
        try workers.database.write { db in try db.execute("UPDATE users SET disabled_at = 1 WHERE username = 'alice'") }
        #expect(login("alice", Seeds.password) == .invalidCredentials)
        #expect(hasher.calls.count == 1)
    }

    @Test func aSuccessfulLoginRehashesAHashBelowPolicyAndAFailedOneDoesNot() throws {
        let strong = Argon2idHasher(parameters: Argon2Parameters(memoryBytes: 16 * 1024, iterations: 2))
        let upgraded = LoginInteractor(
            presenter: spy,
            workers: LatchkeyWorkers(
                database: workers.database, hasher: strong, time: time))
        let before = try storedHash()
        upgraded.login(request: .init(username: "alice", password: Seeds.otherPassword))
        #expect(try storedHash() == before)
        upgraded.login(request: .init(username: "alice", password: Seeds.password))
        let after = try storedHash()
        #expect(after != before)
        #expect(after?.hasPrefix("$argon2id$v=19$m=16,t=2,p=1$") == true)
        #expect(after.map { strong.verify(Seeds.password, against: $0) } == true)
    }

    @Test func theProfileCarriesTheSignInBeforeThisOne() throws {
        _ = login("alice", Seeds.password)
        let firstTime = time.now()
        time.advance(by: .seconds(3600))
        let (user, _, _) = try #require((login("alice", Seeds.password))?.signedIn, "not signed in")
        #expect(user.previousLoginAt == firstTime)
    }

    private func storedHash() throws -> String? {
        try workers.database.read { db in
            try db.queryFirst("SELECT password_hash FROM users WHERE username = 'alice'") { try $0.string(at: 0) }
        }
    }
}
