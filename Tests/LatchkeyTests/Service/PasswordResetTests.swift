import Foundation
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Password reset by one-time code through the service, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct PasswordResetTests: ServiceSeeded {
    let seed: ServiceSeed
    let newPassword = "a brand new passphrase, long enough"

    init() throws { seed = try ServiceSeed() }

    private func events(_ kind: String) throws -> Int64 {
        try workers.database.read { db in
            try db.queryFirst("SELECT count(*) AS n FROM auth_events WHERE kind = ?", [kind]) { try $0.int64("n") } ?? 0
        }
    }

    @Test func aCodeIsDeliveredStoredOnlyAsHashesAndResetsThePasswordEndingEverySession() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password, email: "alice@example.com")
        let session = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        try await service.requestPasswordReset(account: "alice")
        let message = try #require(await delivery.waitFor(1).first)
        #expect(message.username == "alice" && message.kind == .passwordReset)
        #expect(message.to == nil)  // the address is not verified
        let code = try #require(message.code)
        let link = try #require(message.linkToken)
        #expect(code.count == 9 && code.contains("-"))
        #expect(!"\(message)".contains(code) && !String(reflecting: message).contains(link))
        let dump = try dumpEveryTable(workers.database)
        #expect(!dump.contains(code) && !dump.contains(code.replacingOccurrences(of: "-", with: "")))
        #expect(!dump.contains(link))

        // Typed in lower case with a space instead of the dash: the same code.
        let typed = message.typed.lowercased().replacingOccurrences(of: "-", with: " ")
        #expect(
            try await service.completePasswordReset(username: "alice", code: typed, newPassword: newPassword)
                .sessionsEnded
                == 1)
        #expect(await errorCode { try await service.authenticate(token: session) } == .notSignedIn)
        #expect(await errorCode { try await service.signIn(username: "alice", password: Seeds.password) } != nil)
        #expect(try await service.signIn(username: "alice", password: newPassword).status == .signedIn)
        // Used once: the same code again is refused.
        #expect(
            await errorCode {
                try await service.completePasswordReset(
                    username: "alice", code: message.typed, newPassword: newPassword)
            } == .invalidCredentials)
        #expect(try events("password_reset_requested") == 1)
        #expect(try events("password_reset_delivered") == 1)
        #expect(try events("password_reset") == 1)
    }

    @Test func unknownAndDisabledAccountsGetTheSameAnswerAndNoCode() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password)
        _ = try await service.register(username: "bob", password: Seeds.password)
        try AccountAdministration(workers: workers).disable(username: "bob")
        try await service.requestPasswordReset(account: "nobody")
        try await service.requestPasswordReset(account: "bob")
        try await service.requestPasswordReset(account: "bob@example.com")
        try await service.requestPasswordReset(account: "not an account at all!")
        try await service.requestPasswordReset(account: "alice")
        let messages = await delivery.waitFor(1)
        #expect(messages.map(\.username) == ["alice"])
        // Every request wrote its one event, known account or not.
        #expect(try events("password_reset_requested") == 5)
        #expect(try !(dumpEveryTable(workers.database)).contains("nobody"))
    }

    @Test func expiredReplacedAndWrongKindCodesAreRefused() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password)
        try await service.requestPasswordReset(account: "alice")
        let first = try #require(await delivery.waitFor(1).first)
        // Past the cooldown, a new request replaces the code.
        time.advance(by: workers.policy.codeRequestCooldown)
        try await service.requestPasswordReset(account: "alice")
        let second = try #require(await delivery.waitFor(2).last)
        #expect(first.typed != second.typed)
        func complete(_ code: String) async -> LatchkeyError.Code? {
            await errorCode {
                try await service.completePasswordReset(username: "alice", code: code, newPassword: newPassword)
            }
        }
        #expect(await complete(first.typed) == .invalidCredentials)  // replaced
        #expect(
            await errorCode {
                try await service.completePasswordReset(linkToken: first.link, newPassword: newPassword)
            }
                == .invalidCredentials)
        #expect(await complete("not a code") == .invalidCredentials)
        time.advance(by: .seconds(31 * 60))
        #expect(await complete(second.typed) == .invalidCredentials)  // expired
        #expect(try events("password_reset_code_failed") >= 3)
    }

    @Test func theLinkTokenResetsWithoutTheUsernameAndAWeakPasswordKeepsTheCode() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password)
        try await service.requestPasswordReset(account: "alice")
        let message = try #require(await delivery.waitFor(1).first)
        #expect(
            await errorCode {
                try await service.completePasswordReset(linkToken: message.link, newPassword: "short")
            }
                == .weakPassword)
        #expect(
            try await service.completePasswordReset(linkToken: message.link, newPassword: newPassword).sessionsEnded
                == 0)
        #expect(try await service.signIn(username: "alice", password: newPassword).status == .signedIn)
    }

    @Test func wrongCodesLockLikeWrongPasswordsAndOnlyACompletedResetEndsTheLock() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password)
        try await service.requestPasswordReset(account: "alice")
        let message = try #require(await delivery.waitFor(1).first)
        for _ in 0..<5 {
            _ = await errorCode {
                try await service.completePasswordReset(username: "alice", code: "AAAA-AAAA", newPassword: newPassword)
            }
        }
        // Locked: even the right code is not checked now, nor the right password at sign-in.
        #expect(
            await errorCode {
                try await service.completePasswordReset(
                    username: "alice", code: message.typed, newPassword: newPassword)
            } == .throttled)
        #expect(await errorCode { try await service.signIn(username: "alice", password: Seeds.password) } == .throttled)
        time.advance(by: .seconds(16 * 60))
        #expect(
            try await service.completePasswordReset(username: "alice", code: message.typed, newPassword: newPassword)
                .sessionsEnded == 0)
        #expect(try await service.signIn(username: "alice", password: newPassword).status == .signedIn)
    }

    @Test func aResetNeverTurnsTheSecondFactorOff() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password)
        let session = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        let enrolled = try await service.secondFactor(token: session, .enroll(password: Seeds.password))
        let app = Authenticator(base32: try #require(enrolled.secret))
        _ = try await service.secondFactor(token: session, .confirm(code: app.code(at: time.now())))
        try await service.requestPasswordReset(account: "alice")
        let message = try #require(await delivery.waitFor(1).first)
        _ = try await service.completePasswordReset(username: "alice", code: message.typed, newPassword: newPassword)
        #expect(try await service.signIn(username: "alice", password: newPassword).status == .secondFactorRequired)
    }

    @Test func concurrentCompletionsOfOneCodeHaveExactlyOneWinner() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password)
        try await service.requestPasswordReset(account: "alice")
        let message = try #require(await delivery.waitFor(1).first)
        let racing = LatchkeyService(
            workers: workers, lanes: .init(hashingThreads: 8, hashingQueueDepth: 8, databaseThreads: 8))
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    (try? await racing.completePasswordReset(
                        username: "alice", code: message.typed, newPassword: "racing passphrase number \(index)"))
                        != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
        #expect(try events("password_reset") == 1)
    }

    @Test func aRequestAnswersNoSoonerThanThePolicysFloorWhateverTheAccount() async throws {
        var policy = workers.policy
        policy.resetRequestFloor = .milliseconds(300)
        let padded = LatchkeyService(
            workers: LatchkeyWorkers(
                database: workers.database, hasher: workers.hasher, time: time, policy: policy, secret: workers.secret,
                delivery: delivery))
        _ = try await padded.register(username: "alice", password: Seeds.password)
        for account in ["alice", "nobody", "alice@example.com"] {
            let started = ContinuousClock.now
            try await padded.requestPasswordReset(account: account)
            // A lower bound only: a busy machine may take longer, never shorter.
            #expect(ContinuousClock.now - started >= .milliseconds(300), "\(account)")
        }
    }

    @Test func anotherUsersCodeIsRefusedAndCounted() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password)
        _ = try await service.register(username: "carol", password: Seeds.password)
        try await service.requestPasswordReset(account: "carol")
        let carols = try #require(await delivery.waitFor(1).first)
        try await service.requestPasswordReset(account: "alice")
        _ = await delivery.waitFor(2)
        #expect(
            await errorCode {
                try await service.completePasswordReset(username: "alice", code: carols.typed, newPassword: newPassword)
            } == .invalidCredentials)
        #expect(try events("password_reset_code_failed") == 1)
        // Carol's code still works for carol.
        #expect(
            try await service.completePasswordReset(username: "carol", code: carols.typed, newPassword: newPassword)
                .sessionsEnded == 0)
    }

    @Test func withoutADeliveryAResetIsRefusedBeforeAnythingIsLookedUp() async throws {
        let plain = LatchkeyService(workers: try Seeds.workers(time: time))
        _ = try await plain.register(username: "alice", password: Seeds.password)
        let refused = await errorCode { try await plain.requestPasswordReset(account: "alice") }
        #expect(refused == .unavailable)
        #expect(await errorCode { try await plain.requestPasswordReset(account: "nobody") } == refused)
    }

    @Test func aFailingDeliveryIsAuditedAndAnsweredTheSame() async throws {
        let failing = DeliverySpy(failing: true)
        let workers = try Seeds.workers(time: time, delivery: failing)
        let service = LatchkeyService(workers: workers)
        _ = try await service.register(username: "alice", password: Seeds.password)
        try await service.requestPasswordReset(account: "alice")
        _ = await failing.waitFor(1)
        let limit = ContinuousClock.now + .seconds(10)
        var failed: Int64 = 0
        while failed == 0 && ContinuousClock.now < limit {
            failed = try workers.database.read { db in
                try db.queryFirst("SELECT count(*) AS n FROM auth_events WHERE kind = 'password_reset_delivery_failed'")
                {
                    try $0.int64("n")
                } ?? 0
            }
            await Task.yield()
        }
        #expect(failed == 1)
    }
}
