import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct AuditTrailTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers

    init() throws {
        workers = try Seeds.workers(time: time)
    }

    private func rows() throws -> [[String]] {
        try workers.database.read { db in
            try db.query(
                "SELECT kind, coalesce(reason, '-'), username_key, coalesce(user_id, 0) FROM auth_events ORDER BY id"
            ) {
                [try $0.string(at: 0), try $0.string(at: 1), try $0.string(at: 2), String(try $0.int64(at: 3))]
            }
        }
    }

    @Test func eachEventIsRecordedWithItsReasonAndUser() throws {
        try Seeds.register(Seeds.alice, with: workers)
        let login = LoginInteractor(presenter: LoginPresentationLogicSpy(), workers: workers)
        login.login(request: .init(username: "alice", password: Seeds.otherPassword))
        login.login(request: .init(username: "ghost", password: Seeds.otherPassword))
        let token = try Seeds.login("alice", with: workers)
        let logout = LogoutInteractor(presenter: LogoutPresentationLogicSpy(), workers: workers)
        logout.logout(request: .init(token: token))
        let second = try Seeds.login("alice", with: workers)
        logout.logout(request: .init(token: second, everywhere: true))
        for _ in 0..<6 { login.login(request: .init(username: "ghost", password: Seeds.otherPassword)) }
        try AccountAdministration(workers: workers).disable(username: "alice")
        login.login(request: .init(username: "alice", password: Seeds.password))

        // "ghost" matches no account: the trail keeps only its keyed hash.
        let ghost = try workers.secret.pseudonym(for: "ghost")
        #expect(!ghost.contains("ghost"))
        #expect(
            try rows() == [
                ["registered", "-", "alice", "1"],
                ["login_failed", "bad_credentials", "alice", "1"],
                ["login_failed", "bad_credentials", ghost, "0"],
                ["login_succeeded", "-", "alice", "1"],
                ["logged_out", "-", "alice", "1"],
                ["login_succeeded", "-", "alice", "1"],
                ["sessions_revoked", "-", "alice", "1"],
                ["login_failed", "bad_credentials", ghost, "0"],
                ["login_failed", "bad_credentials", ghost, "0"],
                ["login_failed", "bad_credentials", ghost, "0"],
                ["login_failed", "bad_credentials", ghost, "0"],
                ["login_failed", "throttled", ghost, "0"],
                ["login_failed", "throttled", ghost, "0"],
                ["account_disabled", "-", "alice", "1"],
                ["login_failed", "disabled", "alice", "1"],
            ])
    }

    @Test func noEventHoldsAPasswordATokenOrAHash() throws {
        try Seeds.register(Seeds.alice, with: workers)
        let token = try Seeds.login("alice", with: workers)
        LoginInteractor(presenter: LoginPresentationLogicSpy(), workers: workers).login(
            request: .init(username: "alice", password: Seeds.otherPassword))
        let hash = try workers.database.read { db in
            try db.queryFirst("SELECT password_hash FROM users") { try $0.string(at: 0) }
        }
        let dump = try workers.database.read { db in
            try db.query("SELECT * FROM auth_events") { row in
                (0..<row.count).map { "\(row.value(at: $0))" }.joined(separator: "|")
            }
        }.joined(separator: "\n")
        for secret in [Seeds.password, Seeds.otherPassword, token.secret, hash ?? "$argon2id$"] {
            #expect(!dump.contains(secret))
        }
        #expect(!dump.contains("argon2"))
    }
}
