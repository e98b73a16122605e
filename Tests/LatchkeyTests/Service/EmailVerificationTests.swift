import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Email verification and profile changes through the service, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct EmailVerificationTests: ServiceSeeded {
    let seed: ServiceSeed

    init() throws { seed = try ServiceSeed() }

    @Test func registeringWithAnEmailSendsACodeAndVerifyingItMakesResetByEmailPossible() async throws {
        let token = try await service.signedIn("alice", email: "Alice@Example.com")
        #expect(try await service.authenticate(token: token).emailVerified == false)
        // Not verified: a reset asked by the address finds no account (same answer, no code).
        try await service.requestPasswordReset(account: "alice@example.com")
        let message = try await delivery.verification(for: "Alice@Example.com")
        #expect(message.username == "alice" && message.code?.count == 9 && message.linkToken?.count == 43)
        #expect(try !dumpEveryTable(workers.database).contains(message.typed))

        #expect(try await service.verifyEmail(token: token, code: message.typed.lowercased()) == "Alice@Example.com")
        let profile = try await service.authenticate(token: token)
        #expect(profile.emailVerified && profile.email == "Alice@Example.com")
        // Used once.
        #expect(
            await errorCode { try await service.verifyEmail(token: token, code: message.typed) } == .invalidCredentials)

        try await service.requestPasswordReset(account: "ALICE@example.com")
        let reset = try #require(await delivery.waitFor(1).first)
        #expect(reset.to == "Alice@Example.com")
        let resetsAsked = try workers.database.read { db in
            try db.query("SELECT user_id FROM auth_events WHERE kind = 'password_reset_requested' ORDER BY id") {
                try $0.optionalInt64("user_id")
            }
        }
        #expect(resetsAsked.count == 2 && resetsAsked[0] == nil && resetsAsked[1] != nil)
    }

    @Test func changingTheEmailAsksThePasswordKeepsTheOldAddressUntilVerifiedAndTellsIt() async throws {
        let token = try await service.signedIn("alice", email: "old@example.com")
        _ = try await service.verifyEmail(
            token: token, code: try await delivery.verification(for: "old@example.com").typed)

        #expect(
            await errorCode { try await service.updateProfile(token: token, email: .set("new@example.com")) }
                == .invalidInput)
        #expect(
            await errorCode {
                try await service.updateProfile(token: token, email: .set("new@example.com"), password: "wrong guess")
            } == .invalidCredentials)
        let changed = try await service.updateProfile(
            token: token, email: .set("new@example.com"), password: Seeds.password)
        #expect(changed.email == "old@example.com" && changed.emailVerified)
        #expect(changed.pendingEmail == "new@example.com")

        let verification = try await delivery.verification(for: "new@example.com")
        let notices = await delivery.waitFor(1, .emailChangeNotice)
        #expect(notices.count == 1 && notices.first?.to == "old@example.com" && notices.first?.code == nil)
        #expect(notices.first?.newAddress == EmailMask.mask("new@example.com"))
        // The old address still receives resets until the new one is proved.
        try await service.requestPasswordReset(account: "old@example.com")
        #expect(await delivery.waitFor(1).first?.to == "old@example.com")

        #expect(try await service.verifyEmail(token: token, code: verification.typed) == "new@example.com")
        let after = try await service.authenticate(token: token)
        #expect(after.email == "new@example.com" && after.emailVerified)
        let kinds = try workers.database.read { db in
            try db.query("SELECT kind FROM auth_events ORDER BY id") { try $0.string("kind") }
        }
        #expect(kinds.contains("profile_changed") && kinds.contains("profile_change_failed"))
        #expect(kinds.filter { $0 == "email_verified" }.count == 2)
    }

    @Test func twoAccountsRacingToVerifyOneAddressLeaveExactlyOneHolder() async throws {
        for round in 0..<3 {
            let address = "shared\(round)@example.com"
            let alice = try await service.signedIn("alice\(round)")
            let bob = try await service.signedIn("bob\(round)")
            _ = try await service.updateProfile(token: alice, email: .set(address), password: Seeds.password)
            let aliceCode = try await delivery.verification(for: address)
            _ = try await service.updateProfile(token: bob, email: .set(address), password: Seeds.password)
            let bobCode = try await delivery.verification(for: address, count: 2)
            #expect(aliceCode.username == "alice\(round)" && bobCode.username == "bob\(round)")
            async let first = errorCode { try await service.verifyEmail(token: alice, code: aliceCode.typed) }
            async let second = errorCode { try await service.verifyEmail(token: bob, code: bobCode.typed) }
            let outcomes = await [first, second]
            #expect(outcomes.filter { $0 == nil }.count == 1, "\(outcomes)")
            #expect(outcomes.contains(.emailTaken), "\(outcomes)")
            let holders = try workers.database.read { db in
                try db.query("SELECT username FROM users WHERE email_key = ?", [address]) { try $0.string("username") }
            }
            #expect(holders.count == 1)
        }
    }

    @Test func wrongExpiredAndResetCodesAreRefusedAndWrongOnesLock() async throws {
        let token = try await service.signedIn("alice", email: "alice@example.com")
        let verification = try await delivery.verification(for: "alice@example.com")
        // A reset code is not a verification code, nor the other way round.
        try await service.requestPasswordReset(account: "alice")
        let reset = try #require(await delivery.waitFor(1).first)
        #expect(
            await errorCode { try await service.verifyEmail(token: token, code: reset.typed) } == .invalidCredentials)
        #expect(await errorCode { try await service.verifyEmail(linkToken: reset.link) } == .invalidCredentials)
        #expect(
            await errorCode {
                try await service.completePasswordReset(
                    username: "alice", code: verification.typed, newPassword: "a brand new passphrase")
            } == .invalidCredentials)
        time.advance(by: .seconds(31 * 60))
        #expect(
            await errorCode { try await service.verifyEmail(token: token, code: verification.typed) }
                == .invalidCredentials)
        // A fresh code, then wrong guesses until the name is locked: the right code is refused too.
        #expect(try await service.requestEmailVerification(token: token) == "alice@example.com")
        let fresh = try await delivery.verification(for: "alice@example.com", count: 2)
        var outcomes: [LatchkeyError.Code?] = []
        for _ in 0..<6 {
            outcomes.append(await errorCode { try await service.verifyEmail(token: token, code: "AAAA-AAAA") })
        }
        #expect(outcomes.last == .throttled)
        #expect(await errorCode { try await service.verifyEmail(token: token, code: fresh.typed) } == .throttled)
    }

    @Test func anotherUsersCodeDoesNotVerify() async throws {
        let alice = try await service.signedIn("alice", email: "alice@example.com")
        _ = try await service.signedIn("bob", email: "bob@example.com")
        let bobs = try await delivery.verification(for: "bob@example.com")
        #expect(
            await errorCode { try await service.verifyEmail(token: alice, code: bobs.typed) } == .invalidCredentials)
        #expect(try await service.authenticate(token: alice).emailVerified == false)
    }

    @Test func theLinkVerifiesWithoutASessionAndOnlyOnce() async throws {
        let token = try await service.signedIn("alice", email: "alice@example.com")
        let message = try await delivery.verification(for: "alice@example.com")
        #expect(try await service.verifyEmail(linkToken: message.link) == "alice@example.com")
        #expect(await errorCode { try await service.verifyEmail(linkToken: message.link) } == .invalidCredentials)
        #expect(try await service.authenticate(token: token).emailVerified)
        #expect(await errorCode { try await service.requestEmailVerification(token: token) } == .invalidInput)
    }

    @Test func nameAndPhoneChangeWithoutThePasswordAndBadInputIsRefused() async throws {
        let token = try await service.signedIn("alice")
        let changed = try await service.updateProfile(
            token: token, displayName: .set("Alice Liddell"), phone: .set("+7 912 345-67-33"))
        #expect(changed.displayName == "Alice Liddell" && changed.phone?.hasSuffix("33") == true)
        #expect(changed.phone?.contains("912") == false)
        let removed = try await service.updateProfile(token: token, displayName: .remove, phone: .set(""))
        #expect(removed.displayName == nil && removed.phone == nil)
        let cases: [(EditProfile.FieldChange, EditProfile.FieldChange, EditProfile.FieldChange, LatchkeyError.Code)] = [
            (.keep, .keep, .keep, .invalidInput),
            (.set("bad\u{1b}[2J"), .keep, .keep, .invalidInput),
            (.keep, .set("12"), .keep, .invalidInput),
            (.keep, .keep, .set("not an address"), .invalidInput),
        ]
        for (name, phone, email, expected) in cases {
            #expect(
                await errorCode {
                    try await service.updateProfile(
                        token: token, displayName: name, phone: phone, email: email, password: Seeds.password)
                } == expected)
        }
        #expect(
            await errorCode { try await service.updateProfile(token: "lk_nonsense", displayName: .set("x")) }
                == .notSignedIn)
        let accessToken = try await service.createAccessToken(token: token, name: "script").token
        #expect(
            await errorCode { try await service.updateProfile(token: accessToken, displayName: .set("x")) }
                == .forbidden)
        #expect(try await service.authenticate(token: accessToken).username == "alice")
    }

    @Test func anAddressAnotherAccountHoldsIsRefusedAndRemovingTheEmailAsksThePassword() async throws {
        // Verified: an address only its own account has proved is taken.
        let bob = try await service.signedIn("bob", email: "bob@example.com")
        _ = try await service.verifyEmail(
            token: bob, code: try await delivery.verification(for: "bob@example.com").typed)
        let token = try await service.signedIn("alice", email: "alice@example.com")
        #expect(
            await errorCode {
                try await service.updateProfile(token: token, email: .set("BOB@example.com"), password: Seeds.password)
            } == .emailTaken)
        #expect(await errorCode { try await service.updateProfile(token: token, email: .remove) } == .invalidInput)
        let removed = try await service.updateProfile(token: token, email: .remove, password: Seeds.password)
        #expect(removed.email == nil && !removed.emailVerified)
    }

    @Test func withoutADeliveryAnEmailCannotChangeButRegistrationStillWorks() async throws {
        let plain = LatchkeyService(
            workers: LatchkeyWorkers(
                database: workers.database, hasher: workers.hasher, time: time, policy: workers.policy,
                secret: workers.secret))
        _ = try await plain.register(username: "carol", password: Seeds.password, email: "carol@example.com")
        let token = try #require(try await plain.signIn(username: "carol", password: Seeds.password).token)
        #expect(try await plain.authenticate(token: token).emailVerified == false)
        #expect(
            await errorCode {
                try await plain.updateProfile(token: token, email: .set("c@example.com"), password: Seeds.password)
            } == .unavailable)
        #expect(await errorCode { try await plain.requestEmailVerification(token: token) } == .unavailable)
        #expect(delivery.messages.isEmpty)
    }
}
