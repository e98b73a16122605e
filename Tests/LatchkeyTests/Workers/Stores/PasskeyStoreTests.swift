import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct PasskeyStoreTests {
    let workers: LatchkeyWorkers
    let store = PasskeyStore()
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let alice: Int64
    let bob: Int64

    init() throws {
        workers = try Seeds.workers()
        alice = try Seeds.register(Seeds.alice, with: workers).id
        bob = try Seeds.register(Seeds.bob, with: workers).id
    }

    private func passkey(_ id: [UInt8], name: String = "Laptop", signCount: UInt32 = 0) -> NewPasskey {
        NewPasskey(
            credentialID: id, publicKey: [0xA5, 1, 2], algorithm: -7, signCount: signCount, name: name,
            aaguid: [UInt8](repeating: 0, count: 16), attestationFormat: "none", transports: ["internal", "hybrid"],
            backupEligible: true, backedUp: false, userVerified: true)
    }

    private func add(_ new: NewPasskey, for user: Int64) throws -> StoredPasskey? {
        try workers.database.write { db in try store.add(new, userID: user, now: now, in: db) }
    }

    @Test("A passkey reads back as stored, and its credential ID belongs to one account only")
    func addAndFind() throws {
        let stored = try #require(try add(passkey([1, 2, 3, 4]), for: alice))
        #expect(stored.userID == alice && stored.credentialID == [1, 2, 3, 4] && stored.publicKey == [0xA5, 1, 2])
        #expect(stored.transports == ["internal", "hybrid"] && stored.backupEligible && !stored.backedUp)
        #expect(stored.createdAt == now && stored.lastUsedAt == nil && stored.counterRegressedAt == nil)
        #expect(try add(passkey([1, 2, 3, 4]), for: bob) == nil)
        #expect(try add(passkey([1, 2, 3, 4]), for: alice) == nil)
        let found = try workers.database.read { db in try store.find(credentialID: [1, 2, 3, 4], in: db) }
        #expect(found == stored)
        let byShortID = try workers.database.read { db in
            try store.find(userID: alice, shortID: stored.shortID.uppercased(), in: db)
        }
        #expect(byShortID == stored)
        #expect(try workers.database.read { db in try store.find(userID: bob, shortID: stored.shortID, in: db) } == nil)
    }

    @Test("The counter moves only forward, and a regression is flagged once")
    func counterOnlyForward() throws {
        let stored = try #require(try add(passkey([9, 9], signCount: 5), for: alice))
        try workers.database.write { db in
            try store.recordUse(id: stored.id, signCount: 7, backedUp: true, now: now, in: db)
            try store.recordUse(id: stored.id, signCount: 6, backedUp: true, now: now, in: db)
            try store.flagCounterRegression(id: stored.id, now: now, in: db)
            try store.flagCounterRegression(id: stored.id, now: now.addingTimeInterval(60), in: db)
        }
        let after = try #require(try workers.database.read { db in try store.list(userID: alice, in: db) }.first)
        #expect(after.signCount == 7 && after.backedUp && after.lastUsedAt == now && after.counterRegressedAt == now)
    }

    @Test("Rename and remove act on the account's own passkeys only")
    func renameAndRemove() throws {
        let stored = try #require(try add(passkey([7]), for: alice))
        let answers = try workers.database.write { db in
            [
                try store.rename(id: stored.id, userID: bob, to: "Stolen", in: db),
                try store.rename(id: stored.id, userID: alice, to: "Phone", in: db),
                try store.remove(id: stored.id, userID: bob, in: db),
            ]
        }
        #expect(answers == [false, true, false])
        #expect(try workers.database.read { db in try store.count(userID: alice, in: db) } == 1)
        #expect(try workers.database.read { db in try store.list(userID: alice, in: db) }.map(\.name) == ["Phone"])
        #expect(try workers.database.write { db in try store.remove(id: stored.id, userID: alice, in: db) })
        #expect(try workers.database.read { db in try store.count(userID: alice, in: db) } == 0)
    }

    @Test("A user handle is random, made once per account, and finds its account")
    func userHandles() throws {
        let (first, again, other) = try workers.database.write { db in
            (
                try store.userHandle(userID: alice, in: db), try store.userHandle(userID: alice, in: db),
                try store.userHandle(userID: bob, in: db)
            )
        }
        #expect(first.count == 32 && first == again && first != other)
        #expect(try workers.database.read { db in try store.user(handle: first, in: db) } == alice)
        #expect(
            try workers.database.read { db in try store.user(handle: [UInt8](repeating: 1, count: 32), in: db) } == nil)
    }

    @Test("Deleting an account removes its passkeys and its handle")
    func deletedWithTheAccount() throws {
        _ = try add(passkey([5, 5]), for: alice)
        let handle = try workers.database.write { db in try store.userHandle(userID: alice, in: db) }
        try workers.database.write { db in try workers.accounts.delete(userID: alice, in: db) }
        #expect(try workers.database.read { db in try store.find(credentialID: [5, 5], in: db) } == nil)
        #expect(try workers.database.read { db in try store.user(handle: handle, in: db) } == nil)
    }

    @Test("A challenge is used once; expired ones are dropped")
    func challengesUsedOnce() throws {
        let used = UsedChallengeStore()
        let challenge = RandomBytes.make(50)
        let expiry = now.addingTimeInterval(300)
        let answers = try workers.database.write { db in
            [
                try used.use(challenge, expiresAt: expiry, now: now, in: db),
                try used.use(challenge, expiresAt: expiry, now: now, in: db),
                try used.use(RandomBytes.make(50), expiresAt: expiry, now: now, in: db),
            ]
        }
        #expect(answers == [true, false, true])
        let left = try workers.database.write { db in
            _ = try used.use(RandomBytes.make(50), expiresAt: expiry.addingTimeInterval(600), now: expiry, in: db)
            return try db.queryFirst("SELECT count(*) FROM passkey_used_challenges") { try $0.int64(at: 0) }
        }
        #expect(left == 1)
    }
}
