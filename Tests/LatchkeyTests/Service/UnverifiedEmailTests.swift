import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// An address nobody has proved reserves nothing: the first account to verify it gets it, and the
/// other accounts' unproved copies are dropped. On both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct UnverifiedEmailTests: ServiceSeeded {
    let seed: ServiceSeed

    init() throws { seed = try ServiceSeed() }

    @Test("a squatter's unverified address lets the owner register it, and the owner's proof drops the squatter's")
    func aSquattersUnverifiedAddressDoesNotBlockTheOwner() async throws {
        let squatter = try await service.signedIn("squatter", email: "ceo@victim.example")
        let owner = try await service.signedIn("owner", email: "CEO@victim.example")
        let proof = try await delivery.verification(for: "CEO@victim.example", to: "owner")
        #expect(try await service.verifyEmail(token: owner, code: proof.typed) == "CEO@victim.example")

        let ownerProfile = try await service.authenticate(token: owner)
        #expect(ownerProfile.email == "CEO@victim.example" && ownerProfile.emailVerified)
        let squatterProfile = try await service.authenticate(token: squatter)
        #expect(squatterProfile.email == nil && !squatterProfile.emailVerified)
        // The squatter's code for the address no longer proves it, and says why.
        let squatterCode = try await delivery.verification(for: "ceo@victim.example", to: "squatter")
        #expect(
            await errorCode { try await service.verifyEmail(token: squatter, code: squatterCode.typed) } == .emailTaken)
        // The dropping is in the squatter's history.
        let kinds = try workers.database.read { db in
            try db.query(
                "SELECT kind FROM auth_events WHERE user_id = (SELECT id FROM users WHERE username = ?)",
                ["squatter"]
            ) { try $0.string("kind") }
        }
        #expect(kinds.contains("email_dropped"), "\(kinds)")
    }

    @Test("proving an address another account holds unverified verifies it, and is not called 'verified by another'")
    func provingAnAddressAnotherHoldsUnverifiedSucceeds() async throws {
        let owner = try await service.signedIn("owner")
        _ = try await service.updateProfile(token: owner, email: .set("ceo@victim.example"), password: Seeds.password)
        let proof = try await delivery.verification(for: "ceo@victim.example", to: "owner")
        _ = try await service.signedIn("squatter", email: "Ceo@Victim.example")
        #expect(try await service.verifyEmail(token: owner, code: proof.typed) == "ceo@victim.example")
        let holders = try workers.database.read { db in
            try db.query("SELECT username FROM users WHERE email IS NOT NULL ORDER BY username") {
                try $0.string("username")
            }
        }
        #expect(holders == ["owner"])
    }

    @Test("a profile change may name an address another account holds unverified")
    func aProfileChangeMayNameAnUnverifiedAddress() async throws {
        _ = try await service.signedIn("squatter", email: "ceo@victim.example")
        let owner = try await service.signedIn("owner", email: "owner@example.com")
        let changed = try await service.updateProfile(
            token: owner, email: .set("ceo@victim.example"), password: Seeds.password)
        #expect(changed.pendingEmail == "ceo@victim.example")
    }

    @Test("a verified address still refuses another account's registration and profile change, saying no more")
    func aVerifiedAddressStillRefusesOthers() async throws {
        let owner = try await service.signedIn("owner", email: "ceo@victim.example")
        _ = try await service.verifyEmail(
            token: owner, code: try await delivery.verification(for: "ceo@victim.example", to: "owner").typed)
        #expect(
            await errorCode {
                try await service.register(username: "squatter", password: Seeds.password, email: "CEO@victim.example")
            } == .emailTaken)
        let other = try await service.signedIn("other", email: "other@example.com")
        #expect(
            await errorCode {
                try await service.updateProfile(
                    token: other, email: .set("ceo@VICTIM.example"), password: Seeds.password)
            } == .emailTaken)
    }

    @Test("an account's pending change to an address another account proves is dropped, and its own address told")
    func aPendingChangeIsDroppedAndItsAddressTold() async throws {
        let squatter = try await service.signedIn("squatter", email: "squatter@example.com")
        _ = try await service.verifyEmail(
            token: squatter, code: try await delivery.verification(for: "squatter@example.com", to: "squatter").typed)
        _ = try await service.updateProfile(
            token: squatter, email: .set("ceo@victim.example"), password: Seeds.password)
        let squatterCode = try await delivery.verification(for: "ceo@victim.example", to: "squatter")

        let owner = try await service.signedIn("owner", email: "ceo@victim.example")
        #expect(
            try await service.verifyEmail(
                token: owner, code: try await delivery.verification(for: "ceo@victim.example", to: "owner").typed)
                == "ceo@victim.example")
        let after = try await service.authenticate(token: squatter)
        #expect(after.email == "squatter@example.com" && after.emailVerified)
        #expect(
            await errorCode { try await service.verifyEmail(token: squatter, code: squatterCode.typed) } == .emailTaken)
        // Told at its own, verified address; never at the address the owner just proved.
        let limit = ContinuousClock.now + .seconds(10)
        var notices: [OutgoingMessage] { delivery.messages.filter { $0.kind.rawValue == "email_pending_dropped" } }
        while notices.isEmpty && ContinuousClock.now < limit { await Task.yield() }
        #expect(notices.count == 1 && notices.first?.to == "squatter@example.com" && notices.first?.code == nil)
        #expect(notices.first?.newAddress == EmailMask.mask("ceo@victim.example"))
    }

    @Test("of two accounts verifying one unverified address at once on threads, exactly one gets it")
    func twoAccountsVerifyingAtOnceLeaveOneHolder() async throws {
        let folder = try TemporaryFolder()
        let database = try racingDatabase(in: folder)
        let delivery = DeliverySpy()
        let racing = LatchkeyService(
            workers: LatchkeyWorkers(
                database: database, hasher: workers.hasher, time: time, policy: workers.policy,
                secret: workers.secret, delivery: delivery))
        for round in 0..<4 {
            let address = "shared\(round)@example.com"
            let alice = try await racing.signedIn("alice\(round)", email: address)
            let bob = try await racing.signedIn("bob\(round)", email: address.uppercased())
            let aliceCode = try await delivery.verification(for: address, to: "alice\(round)")
            let bobCode = try await delivery.verification(for: address.uppercased(), to: "bob\(round)")
            let outcomes = try await withThrowingTaskGroup(of: LatchkeyError.Code?.self) { group in
                for (token, typed) in [(alice, aliceCode.typed), (bob, bobCode.typed)] {
                    group.addTask {
                        await errorCode { try await racing.verifyEmail(token: token, code: typed) }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == nil }.count == 1 && outcomes.contains(.emailTaken), "\(outcomes)")
            let holders = try database.read { db in
                try db.query(
                    "SELECT username, email_verified_at FROM users WHERE username IN (?, ?) AND email IS NOT NULL",
                    ["alice\(round)", "bob\(round)"]
                ) { (try $0.string("username"), try $0.isNull("email_verified_at")) }
            }
            #expect(holders.count == 1 && holders.first?.1 == false, "\(holders)")
        }
    }
}
