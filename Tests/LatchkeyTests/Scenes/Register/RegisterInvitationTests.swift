import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct RegisterInvitationTests {
    let time = ManualTime()
    let hasher = PasswordHashingSpy(Argon2idHasher(parameters: .cheapestForTests))
    let workers: LatchkeyWorkers
    let spy = RegisterPresentationLogicSpy()

    init() throws {
        workers = try Seeds.workers(time: time, hasher: hasher)
    }

    private func register(_ name: String, email: String? = nil, invitation: String?) -> Register.CreateAccount.Response?
    {
        RegisterInteractor(presenter: spy, workers: workers).register(
            request: .init(username: name, password: Seeds.password, email: email, invitation: invitation))
        return spy.responses.last
    }

    private func invite(roles: [String] = [], email: String? = nil, expiresIn: Duration? = nil) throws -> String {
        try Seeds.invite(
            .init(roles: roles, expiresIn: expiresIn, email: email, actor: .init(osUser: "root")), with: workers)
    }

    private var hashes: Int { hasher.calls.filter { $0 == .hash }.count }

    private func count(_ table: String) throws -> Int64? {
        try workers.database.read { db in try db.queryFirst("SELECT count(*) AS n FROM \(table)") { try $0.int64("n") }
        }
    }

    @Test("A registration with an invitation uses it up and gets its roles, audited in the same write")
    func invitationGrantsItsRoles() throws {
        let code = try invite(roles: ["editor", "viewer"])
        let user = try #require(register("ann", invitation: code)?.registered, "\(spy.responses)")
        #expect(user.roles == ["editor", "viewer"])
        let roles = try workers.database.read { db in try workers.roles.roles(userID: user.id, in: db) }
        #expect(roles == ["editor", "viewer"])
        let used = try workers.database.read { db in
            try db.queryFirst("SELECT used_at, used_by FROM invitations") { row in
                (try row.optionalDate("used_at"), try row.optionalInt64("used_by"))
            }
        }
        #expect(used?.0 == Date(databaseSeconds: time.now().databaseSeconds))
        #expect(used?.1 == user.id)
        let kinds = try workers.database.read { db in
            try db.query("SELECT kind FROM auth_events WHERE user_id = ? ORDER BY id", [user.id]) {
                try $0.string("kind")
            }
        }
        #expect(kinds == ["registered", "registered_by_invitation"])
    }

    @Test("A used, unknown or mistyped code is refused before any hash")
    func badCodesCostNoHash() throws {
        let code = try invite()
        _ = try #require(register("ann", invitation: code)?.registered)
        let before = hashes
        #expect(register("bob", invitation: code) == .rejected(.invitationRefused(.used)))
        #expect(register("bob", invitation: InvitationCode.make().secret) == .rejected(.invitationRefused(.unknown)))
        #expect(register("bob", invitation: "lki_not-a-code") == .rejected(.invitationRefused(.unknown)))
        #expect(hashes == before)
        #expect(try count("users") == 1)
    }

    @Test("A code past its expiry is refused, by the injected clock")
    func expiredCodeIsRefused() throws {
        let code = try invite(expiresIn: .seconds(3_600))
        time.advance(by: .seconds(3_600))
        let before = hashes
        #expect(register("ann", invitation: code) == .rejected(.invitationRefused(.expired)))
        #expect(hashes == before)
        #expect(try count("users") == 0)
        let used = try workers.database.read { db in
            try db.queryFirst("SELECT used_at FROM invitations") { try $0.optionalDate("used_at") }
        }
        #expect(used == .some(nil))
    }

    @Test("A code just before its expiry still works")
    func codeBeforeExpiryWorks() throws {
        let code = try invite(expiresIn: .seconds(3_600))
        time.advance(by: .seconds(3_599))
        #expect(register("ann", invitation: code)?.registered != nil)
    }

    @Test("An invitation naming an address admits that address in any case, and no other")
    func emailMustMatch() throws {
        let code = try invite(email: "Ann@Example.com")
        #expect(register("ann", invitation: code) == .rejected(.invitationRefused(.emailMismatch)))
        #expect(
            register("ann", email: "other@example.com", invitation: code)
                == .rejected(.invitationRefused(.emailMismatch)))
        #expect(try count("users") == 0)
        #expect(register("ann", email: "ANN@example.COM", invitation: code)?.registered != nil)
    }

    @Test("A refused code is counted by the registration throttle")
    func refusedCodesAreThrottled() throws {
        let limit = workers.policy.maximumRegistrationsPerAddress
        let client = try ClientContext(address: "192.0.2.7")
        for _ in 0..<limit {
            RegisterInteractor(presenter: spy, workers: workers, client: client).register(
                request: .init(username: "ann", password: Seeds.password, invitation: InvitationCode.make().secret))
        }
        #expect(spy.responses.last == .rejected(.invitationRefused(.unknown)))
        RegisterInteractor(presenter: spy, workers: workers, client: client).register(
            request: .init(username: "ann", password: Seeds.password, invitation: InvitationCode.make().secret))
        guard case .rejected(.throttled) = spy.responses.last else {
            Issue.record("not throttled: \(String(describing: spy.responses.last))")
            return
        }
    }
}
