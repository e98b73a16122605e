import Dispatch
import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Requests for one-time codes are limited per account (a cooldown that keeps the live code) and per
/// address (a budget), answered alike either way, and decided in the write: on both engines, with
/// the scenes delivering at once so every message is counted.
@Suite(.onEveryEngine, .tags(.postgres)) struct CodeRequestLimitTests {
    let folder = try! TemporaryFolder()
    let time = ManualTime(Date())
    let delivery = DeliverySpy()
    let newPassword = "a brand new passphrase, long enough"

    private func workers(_ policy: SecurityPolicy = SecurityPolicy(), racing: Bool = false) throws -> LatchkeyWorkers {
        LatchkeyWorkers(
            database: racing ? try racingDatabase(in: folder) : try freshDatabase(),
            hasher: Argon2idHasher(parameters: .cheapestForTests), time: time, policy: policy,
            secret: InstallationSecret(), delivery: delivery)
    }

    private func resetCodes(_ username: String = "alice") -> [OutgoingMessage] {
        delivery.messages.filter { $0.kind == .passwordReset && $0.username == username }
    }

    private static func requestReset(_ account: String, from address: String? = nil, _ workers: LatchkeyWorkers) throws
        -> PasswordReset.Begin.Response?
    {
        let client = try address.map { text throws(LatchkeyError) in try ClientContext(address: text) }
        let spy = PasswordResetPresentationLogicSpy()
        PasswordResetInteractor(presenter: spy, workers: workers, client: client)
            .beginReset(request: .init(account: account))
        return spy.begun.last
    }

    private func completeReset(_ code: String, _ workers: LatchkeyWorkers) -> PasswordReset.Complete.Response? {
        let spy = PasswordResetPresentationLogicSpy()
        PasswordResetInteractor(presenter: spy, workers: workers)
            .completeReset(request: .init(proof: .code(username: "alice", code: code), newPassword: newPassword))
        return spy.completed.last
    }

    private func count(_ sql: String, _ workers: LatchkeyWorkers) throws -> Int64 {
        try workers.database.read { db in try db.queryFirst(sql) { try $0.int64(at: 0) } ?? 0 }
    }

    @Test("a reset asked again within the cooldown is answered alike, delivers nothing and keeps the owner's code")
    func aResetWithinTheCooldownKeepsTheLiveCode() throws {
        let workers = try workers()
        try Seeds.register(.init(username: "alice", password: Seeds.password), with: workers)
        #expect(try Self.requestReset("alice", workers) == .requested)
        let owners = try #require(resetCodes().first)
        time.advance(by: .seconds(30))
        for index in 0..<5 {
            #expect(try Self.requestReset("alice", from: "203.0.113.\(index + 1)", workers) == .requested)
        }
        #expect(resetCodes().count == 1)
        #expect(try count("SELECT count(*) FROM auth_events WHERE kind = 'password_reset_requested'", workers) == 6)
        // The code the owner received still works.
        #expect(completeReset(owners.typed, workers) == .reset(username: "alice", sessionsEnded: 0))
    }

    @Test("after the cooldown a request issues a new code again")
    func afterTheCooldownANewCodeIsIssued() throws {
        let workers = try workers()
        try Seeds.register(.init(username: "alice", password: Seeds.password), with: workers)
        _ = try Self.requestReset("alice", workers)
        time.advance(by: workers.policy.codeRequestCooldown + .seconds(1))
        #expect(try Self.requestReset("alice", workers) == .requested)
        #expect(resetCodes().count == 2)
        #expect(completeReset(resetCodes()[1].typed, workers) == .reset(username: "alice", sessionsEnded: 0))
    }

    @Test("a code whose delivery failed holds no cooldown: asking again sends a new one at once")
    func aFailedDeliveryHoldsNoCooldown() throws {
        let failing = DeliverySpy(failing: true)
        let base = try workers()
        let workers = LatchkeyWorkers(
            database: base.database, hasher: base.hasher, time: time, policy: base.policy, secret: base.secret,
            delivery: failing)
        try Seeds.register(.init(username: "alice", password: Seeds.password), with: workers)
        _ = try Self.requestReset("alice", workers)
        time.advance(by: .seconds(1))
        _ = try Self.requestReset("alice", workers)
        #expect(failing.messages.filter { $0.kind == .passwordReset }.count == 2)
    }

    @Test("past an address's budget no code is issued for any account, while another address still gets one")
    func pastTheAddressBudgetNoCodeIsIssued() throws {
        var policy = SecurityPolicy()
        policy.maximumCodeRequestsPerAddress = 3
        let workers = try workers(policy)
        for name in ["alice", "bob", "carol"] {
            try Seeds.register(.init(username: name, password: Seeds.password), with: workers)
        }
        let flooding = "203.0.113.7"
        // Unknown names count too: the budget says nothing about which accounts exist.
        for account in ["nobody", "bob", "someone-else"] {
            #expect(try Self.requestReset(account, from: flooding, workers) == .requested)
        }
        #expect(try Self.requestReset("alice", from: flooding, workers) == .requested)
        #expect(resetCodes("bob").count == 1 && resetCodes("alice").isEmpty)
        #expect(try Self.requestReset("alice", from: "198.51.100.2", workers) == .requested)
        #expect(resetCodes("alice").count == 1)
        // A new window gives the address its budget back.
        time.advance(by: policy.codeRequestWindow + .seconds(1))
        #expect(try Self.requestReset("carol", from: flooding, workers) == .requested)
        #expect(resetCodes("carol").count == 1)
        // The count keeps the address only as a keyed hash.
        let keys = try workers.database.read { db in
            try db.query("SELECT throttle_key FROM login_throttle") { try $0.string("throttle_key") }
        }
        #expect(keys.contains { $0.hasPrefix("codes:") } && !keys.contains { $0.contains(flooding) })
    }

    @Test("concurrent reset requests for one account issue exactly one code")
    func concurrentRequestsIssueOneCode() throws {
        let workers = try workers(racing: true)
        try Seeds.register(.init(username: "alice", password: Seeds.password), with: workers)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            _ = try? Self.requestReset("alice", from: "203.0.113.\(index + 1)", workers)
        }
        #expect(resetCodes().count == 1)
        #expect(try count("SELECT count(*) FROM one_time_codes", workers) == 1)
        #expect(try count("SELECT count(*) FROM auth_events WHERE kind = 'password_reset_requested'", workers) == 8)
        #expect(completeReset(try #require(resetCodes().first).typed, workers) != .invalidCode)
    }

    @Test("a verification resend within the cooldown answers the address, sends nothing and keeps the code")
    func aVerificationResendWithinTheCooldownKeepsTheCode() throws {
        let workers = try workers()
        try Seeds.register(
            .init(username: "alice", password: Seeds.password, email: "alice@example.com"), with: workers)
        let token = try Seeds.login("alice", with: workers)
        var codes: [OutgoingMessage] { delivery.messages.filter { $0.kind == .emailVerification } }
        let first = try #require(codes.first)
        let spy = EditProfilePresentationLogicSpy()
        func resend() -> EditProfile.RequestVerification.Response? {
            EditProfileInteractor(presenter: spy, workers: workers).requestVerification(request: .init(token: token))
            return spy.verificationRequests.last
        }
        time.advance(by: .seconds(10))
        #expect(resend() == .sent(address: "alice@example.com"))
        #expect(codes.count == 1)
        EditProfileInteractor(presenter: spy, workers: workers)
            .verifyEmail(request: .init(proof: .code(token: token, code: first.typed)))
        #expect(spy.verifications.last == .verified(username: "alice", address: "alice@example.com"))
    }
}
