import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct RegisterInteractorTests {
    let workers: LatchkeyWorkers
    let spy = RegisterPresentationLogicSpy()
    let interactor: RegisterInteractor

    init() throws {
        workers = try Seeds.workers()
        interactor = RegisterInteractor(presenter: spy, workers: workers)
    }

    private func register(_ request: Register.CreateAccount.Request) -> Register.CreateAccount.Response? {
        interactor.register(request: request)
        return spy.responses.last
    }

    @Test func aValidRequestCreatesTheAccountAndPresentsItsProfile() throws {
        let user = try #require((register(Seeds.alice))?.registered, "not registered: \(spy.responses)")
        #expect(user.username == "alice")
        #expect(user.email == "alice@example.com")
        #expect(user.phone?.e164 == "+79123456733")
        #expect(user.displayName == "Alice Liddell")
        #expect(user.createdAt == workers.time.now())
        let stored = try workers.database.read { db in
            try workers.accounts.credentials(for: try Username("alice"), in: db)?.profile
        }
        #expect(stored == user)
        #expect(spy.responses.count == 1)
    }

    @Test func theStoredHashIsArgon2idAndVerifiesTheNormalizedPassword() throws {
        _ = register(Register.CreateAccount.Request(username: "carol", password: "ｆｕｌｌｗｉｄｔｈ ｐａｓｓｗｏｒｄ"))
        let hash = try workers.database.read { db in
            try db.queryFirst("SELECT password_hash FROM users WHERE username = 'carol'") { try $0.string(at: 0) }
        }
        #expect(hash?.hasPrefix("$argon2id$") == true)
        #expect(hash.map { workers.hasher.verify("fullwidth password", against: $0) } == true)
    }

    @Test func aUsernameTakenInAnyCaseIsRefused() {
        _ = register(Seeds.alice)
        var again = Seeds.bob
        again.username = "ALICE"
        #expect(register(again) == .rejected(.usernameTaken))
    }

    /// Marks every address stored so far as verified: only a verified address is taken.
    private func verifyEveryEmail() throws {
        try workers.database.write { db in
            try db.execute("UPDATE users SET email_verified_at = 1 WHERE email IS NOT NULL")
        }
    }

    @Test func anEmailTakenInAnyCaseIsRefused() throws {
        _ = register(Seeds.alice)
        try verifyEveryEmail()
        var bob = Seeds.bob
        bob.email = "ALICE@example.com"
        #expect(register(bob) == .rejected(.emailTaken))
    }

    @Test("an address another account holds unverified is no reason to refuse a registration")
    func anUnverifiedEmailReservesNothing() {
        _ = register(Seeds.alice)
        var bob = Seeds.bob
        bob.email = "ALICE@example.com"
        guard case .registered(let profile) = register(bob) else {
            Issue.record("bob was refused")
            return
        }
        #expect(profile.email == "ALICE@example.com")
    }

    @Test(
        arguments: [
            (Register.CreateAccount.Request(username: "x", password: Seeds.password), .invalidUsername(.tooShort)),
            (
                Register.CreateAccount.Request(username: "'; DROP TABLE users; --", password: Seeds.password),
                .invalidUsername(.invalidCharacters)
            ),
            (
                Register.CreateAccount.Request(username: "dave", password: "short"),
                .passwordRejected(.tooShort(minimum: 15))
            ),
            (
                Register.CreateAccount.Request(username: "dave.the.long.one", password: "DAVE.THE.LONG.ONE"),
                .passwordRejected(.containsUsername)
            ),
            (
                Register.CreateAccount.Request(username: "dave", password: HugeInput.marker(of: "p")),
                .passwordRejected(.tooLong(maximum: 1_024))
            ),
            (Register.CreateAccount.Request(username: "dave", password: Seeds.password, email: "nope"), .invalidEmail),
            (
                Register.CreateAccount.Request(username: "dave", password: Seeds.password, phone: "555-0134"),
                .invalidPhone(reason: "must start with + or 00 and the country calling code")
            ),
            (
                Register.CreateAccount.Request(username: "dave", password: Seeds.password, displayName: "bell\u{7}"),
                .invalidDisplayName
            ),
        ] as [(Register.CreateAccount.Request, Register.CreateAccount.Problem)])
    func invalidRequestsAreRejectedWithTheirReasonAndWriteNothing(
        _ request: Register.CreateAccount.Request, _ failure: Register.CreateAccount.Problem
    ) throws {
        var request = request
        request.password = HugeInput.expand(request.password)
        #expect(register(request) == .rejected(failure))
        #expect(
            try workers.database.read { db in try db.queryFirst("SELECT count(*) FROM users") { try $0.int64(at: 0) } }
                == 0
        )
    }

    @Test func emptyOptionalFieldsCountAsNotGiven() {
        guard
            case .registered(let user) = register(
                .init(username: "erin", password: Seeds.password, email: "", phone: ""))
        else {
            Issue.record("not registered")
            return
        }
        #expect(user.email == nil)
        #expect(user.phone == nil)
    }

    @Test func theDatabaseNeverHoldsThePasswordInClear() throws {
        _ = register(Seeds.alice)
        let dump = try dumpEveryTable(workers.database)
        #expect(dump.contains("alice@example.com"))
        #expect(!dump.contains(Seeds.password))
        #expect(!dump.contains("horse"))
    }

    @Test func anEmailDifferingOnlyInNonASCIICaseIsTaken() throws {
        // SQLite's NOCASE folds ASCII only: before the key computed in Swift, these were two accounts.
        try Seeds.register(
            .init(username: "emile", password: Seeds.password, email: "émile.zola@example.com"), with: workers)
        try verifyEveryEmail()
        #expect(
            register(.init(username: "emile2", password: Seeds.password, email: "ÉMILE.ZOLA@example.com"))
                == .rejected(.emailTaken))
    }
}
