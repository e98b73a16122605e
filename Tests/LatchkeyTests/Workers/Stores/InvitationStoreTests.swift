import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct InvitationStoreTests {
    let workers: LatchkeyWorkers
    let store = InvitationStore()
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    init() throws {
        workers = try Seeds.workers()
    }

    private func create(_ code: InvitationCode, lasting seconds: TimeInterval = 3_600) throws {
        _ = try workers.database.write { db in
            try store.create(
                code: code, email: nil, roles: [try RoleName("editor")], createdBy: "root",
                expiresAt: now.addingTimeInterval(seconds), now: now, in: db)
        }
    }

    @Test("An invitation is used once, and not at or after its expiry")
    func usedOnceBeforeExpiry() throws {
        let code = InvitationCode.make()
        try create(code)
        let late = try workers.database.write { db in
            try store.use(code, now: now.addingTimeInterval(3_600), in: db)
        }
        #expect(late == nil)
        let first = try workers.database.write { db in try store.use(code, now: now, in: db) }
        #expect(first?.usedAt == now)
        let second = try workers.database.write { db in try store.use(code, now: now, in: db) }
        #expect(second == nil)
        #expect(try workers.database.read { db in try store.find(code, in: db) }?.usedAt == now)
        #expect(try workers.database.read { db in try store.find(InvitationCode.make(), in: db) } == nil)
    }

    @Test("A code reads back only in its exact shape with a matching checksum, and never prints")
    func codeShape() throws {
        let code = InvitationCode.make()
        #expect(code.secret.count == InvitationCode.textLength)
        #expect(InvitationCode(code.secret) == code)
        var typo = Array(code.secret)
        typo[10] = typo[10] == "a" ? "b" : "a"
        #expect(InvitationCode(String(typo)) == nil)
        #expect(InvitationCode("lkp_" + code.secret.dropFirst(4)) == nil)
        #expect("\(code)" == "lki_…(redacted)")
    }
}
