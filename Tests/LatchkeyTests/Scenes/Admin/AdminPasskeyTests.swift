import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The operator and an account's passkeys: `admin show` lists them, `admin revoke-passkey` removes
/// one (the last one too), decided and audited in the acting transaction, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct AdminPasskeyTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let spy = AdminPresentationLogicSpy()
    let interactor: AdminInteractor
    let root = AuthEvent.Operator(osUser: "root")
    let alice: UserProfile
    let bob: UserProfile

    init() throws {
        workers = try Seeds.workers(time: time)
        interactor = AdminInteractor(presenter: spy, workers: workers)
        alice = try Seeds.register(Seeds.alice, with: workers)
        bob = try Seeds.register(Seeds.bob, with: workers)
    }

    /// Stores a passkey named `name` for `userID`, its credential ID made of `byte`.
    @discardableResult
    private func addPasskey(_ name: String, byte: UInt8, userID: Int64) throws -> StoredPasskey {
        let new = NewPasskey(
            credentialID: Array(repeating: byte, count: 32), publicKey: Array(repeating: 1, count: 77),
            algorithm: COSEAlgorithm.es256.rawValue, signCount: 0, name: name, aaguid: Array(repeating: 0, count: 16),
            attestationFormat: "none", transports: ["internal"], backupEligible: true, backedUp: true,
            userVerified: true)
        return try #require(
            try workers.database.write { db in try workers.passkeys.add(new, userID: userID, now: time.now(), in: db) })
    }

    private func removals() throws -> [String] {
        try workers.database.read { db in
            try db.query(
                """
                SELECT username_key || '/' || coalesce(actor, '-') || '/' || coalesce(os_user, '-') || '/'
                    || coalesce(detail, '-') FROM auth_events WHERE kind = 'passkey_removed' ORDER BY id
                """
            ) { try $0.string(at: 0) }
        }
    }

    private func passkeyNames(_ userID: Int64) throws -> [String] {
        try workers.database.read { db in try workers.passkeys.list(userID: userID, in: db).map(\.name) }
    }

    @Test func showListsTheAccountsPasskeysWithTheirCounterFlag() throws {
        let laptop = try addPasskey("Laptop", byte: 1, userID: alice.id)
        try addPasskey("Bob's key", byte: 2, userID: bob.id)
        try workers.database.write { db in
            try workers.passkeys.flagCounterRegression(id: laptop.id, now: time.now(), in: db)
        }
        interactor.showUser(request: .init(username: "alice"))
        let response = try #require(spy.shown.last)
        guard case .account(_, _, _, _, let passkeys) = response else {
            Issue.record("not shown: \(response)")
            return
        }
        #expect(passkeys.map(\.name) == ["Laptop"])
        let detail = try #require(try Presented.user(response)?.get())
        #expect(detail.passkeys.map(\.id) == [laptop.shortID])
        #expect(detail.passkeys.first?.counterWentBackwards != nil && detail.passkeys.first?.backedUp == true)
    }

    @Test func revokingRemovesEvenTheLastPasskeyWithOneEventNamingTheOperator() throws {
        let laptop = try addPasskey("Laptop", byte: 1, userID: alice.id)
        interactor.act(
            request: .init(username: "alice", action: .revokePasskey(id: laptop.shortID.uppercased()), actor: root))
        #expect(spy.actions.last == .passkeyRevoked(username: "alice", passkey: "Laptop"))
        #expect(try passkeyNames(alice.id).isEmpty)
        #expect(try removals() == ["alice/admin/root/Laptop"])
        let shown = try #require(try Presented.action(.passkeyRevoked(username: "alice", passkey: "Laptop"))?.get())
        #expect(shown.outcome == "passkey_revoked" && shown.passkeyName == "Laptop")
    }

    @Test func anUnknownIdOrAnotherAccountsPasskeyIsNotFoundAndChangesNothing() throws {
        try addPasskey("Laptop", byte: 1, userID: alice.id)
        let bobs = try addPasskey("Bob's key", byte: 2, userID: bob.id)
        for id in [bobs.shortID, "00000000", "", String(repeating: "f", count: 10_000)] {
            interactor.act(request: .init(username: "alice", action: .revokePasskey(id: id), actor: root))
            #expect(spy.actions.last == .noSuchPasskey(username: "alice"))
        }
        #expect(try passkeyNames(alice.id) == ["Laptop"] && passkeyNames(bob.id) == ["Bob's key"])
        #expect(try removals().isEmpty)
        let failure = Presented.action(.noSuchPasskey(username: "alice"))
        #expect(
            failure
                == .failure(
                    LatchkeyError(message: "alice has no passkey with that id.", kind: .invalidInput, code: .notFound)))
        interactor.act(request: .init(username: "ghost", action: .revokePasskey(id: bobs.shortID), actor: root))
        #expect(spy.actions.last == .rejected(.noSuchUser))
    }
}
