import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Administration through the service: only a live session whose user holds the `admin` role now,
/// audited with that account as the actor.
@Suite(.onEveryEngine, .tags(.postgres)) struct ServiceAdministrationTests {
    let password = Seeds.password
    let workers: LatchkeyWorkers
    let service: LatchkeyService

    init() throws {
        workers = try Seeds.workers()
        service = LatchkeyService(workers: workers)
    }

    /// Registers `name`, optionally grants it `admin` as an operator would, and signs it in.
    private func signedIn(_ name: String, admin: Bool = false) async throws -> String {
        _ = try await service.register(
            username: name, password: password, email: "\(name)@example.com", displayName: name.capitalized)
        if admin { grant(name, add: [Admin.role]) }
        return try #require(try await service.signIn(username: name, password: password).token)
    }

    private func grant(_ name: String, add: [String] = [], remove: [String] = []) {
        let spy = AdminPresentationLogicSpy()
        AdminInteractor(presenter: spy, workers: workers).act(
            request: .init(username: name, action: .roles(add: add, remove: remove), actor: .init(osUser: "root")))
    }

    private func events() throws -> Int64 {
        try workers.database.read { db in
            try db.queryFirst("SELECT count(*) FROM auth_events") { try $0.int64(at: 0) } ?? -1
        }
    }

    @Test func aUserWithoutTheAdminRoleIsForbiddenAndChangesNothing() async throws {
        let bob = try await signedIn("bob")
        _ = try await signedIn("carol")
        let before = try events()
        #expect(await errorCode { try await service.users(token: bob) } == .forbidden)
        #expect(await errorCode { try await service.user(token: bob, username: "carol") } == .forbidden)
        #expect(await errorCode { try await service.administer(token: bob, username: "carol", .disable) } == .forbidden)
        #expect(
            await errorCode {
                try await service.administer(token: bob, username: "bob", .roles(add: ["admin"], remove: []))
            }
                == .forbidden)
        #expect(
            await errorCode { try await service.administer(token: bob, username: "carol", .setPassword("x")) }
                == .forbidden)
        #expect(try events() == before)
        #expect(try await service.authenticate(token: bob).roles == [])
    }

    @Test(arguments: ["", "not a token", "lk_short"])
    func textThatIsNoTokenIsNotSignedInNeverTheOperatorsAuthority(_ token: String) async throws {
        _ = try await signedIn("carol")
        #expect(await errorCode { try await service.users(token: token) } == .notSignedIn)
        #expect(await errorCode { try await service.user(token: token, username: "carol") } == .notSignedIn)
        #expect(
            await errorCode { try await service.administer(token: token, username: "carol", .disable) } == .notSignedIn)
    }

    @Test func anAdministratorListsShowsAndActsAndIsNamedInTheTrail() async throws {
        let admin = try await signedIn("alice", admin: true)
        let bob = try await signedIn("bob")
        let listed = try await service.users(token: admin)
        #expect(listed.map(\.username) == ["alice", "bob"])
        #expect(listed[1].email == "b•••@example.com" && listed[1].roles == [])

        let disabled = try await service.administer(token: admin, username: "bob", .disable)
        #expect(disabled == AdministrationResult(outcome: "disabled", username: "bob", sessionsEnded: 1, roles: nil))
        #expect(await errorCode { try await service.authenticate(token: bob) } == .notSignedIn)
        #expect(
            await errorCode { try await service.administer(token: admin, username: "bob", .setPassword("short")) }
                == .weakPassword)
        #expect(
            await errorCode { try await service.administer(token: admin, username: "nobody", .enable) } == .notFound)
        #expect(
            await errorCode { try await service.administer(token: admin, username: "B O B", .enable) } == .invalidInput)
        let roles = try await service.administer(token: admin, username: "bob", .roles(add: ["editor"], remove: []))
        #expect(roles.roles == ["editor"])

        let detail = try await service.user(token: admin, username: "bob")
        #expect(detail.account.disabled && detail.account.roles == ["editor"] && detail.sessions.isEmpty)
        #expect(detail.events.prefix(2).map(\.kind) == ["roles_changed", "account_disabled"])
        #expect(detail.events.prefix(2).map(\.byAdministrator) == [true, true])
        // The trail names the administrator's account, not an operating-system user.
        let actors = try workers.database.read { db in
            try db.query(
                "SELECT os_user, actor_user_id FROM auth_events WHERE actor = 'admin' AND user_id = ?",
                [detail.account.userID]
            ) {
                [try $0.optionalString("os_user"), try $0.optionalInt64("actor_user_id").map(String.init)]
            }
        }
        let aliceID = try await service.authenticate(token: admin).userID
        #expect(actors == [[nil, String(aliceID)], [nil, String(aliceID)]])
        let history = HistoryPresenter.entry(
            try workers.database.read { db in
                try AuditLog(client: nil).recent(userID: detail.account.userID, limit: 1, in: db)
            }[0])
        #expect(history.description == "Roles changed (by administrator alice)")
    }

    @Test("an account, its page and an action encode every key, null for what is absent")
    func theResultsEncodeEveryKey() async throws {
        let admin = try await signedIn("alice", admin: true)
        _ = try await signedIn("bob")
        func keys(_ value: some Encodable) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value)) as? [String: Any])
        }
        let bob = try keys(try await service.users(token: admin)[1])
        #expect(
            Set(bob.keys) == [
                "user_id", "username", "display_name", "email", "phone", "created", "last_sign_in", "disabled",
                "locked", "password_change_required", "roles", "second_factor", "recovery_codes_left",
                "imported_hash",
            ])
        #expect(bob["phone"] is NSNull && bob["imported_hash"] is NSNull)
        let page = try keys(try await service.user(token: admin, username: "bob"))
        #expect(Set(page.keys) == ["account", "sessions", "events", "access_tokens", "passkeys"])
        let enabled = try keys(try await service.administer(token: admin, username: "bob", .enable))
        #expect(
            Set(enabled.keys) == [
                "outcome", "username", "sessions_ended", "access_tokens_revoked", "roles", "access_token_name",
                "passkey_name",
            ])
        #expect(enabled["sessions_ended"] is NSNull && enabled["roles"] is NSNull)
    }

    @Test func theRoleIsCheckedAtEachActionNotRememberedFromSignIn() async throws {
        let admin = try await signedIn("alice", admin: true)
        _ = try await signedIn("bob")
        _ = try await service.administer(token: admin, username: "bob", .expirePassword)
        grant("alice", remove: [Admin.role])
        #expect(await errorCode { try await service.administer(token: admin, username: "bob", .disable) } == .forbidden)
        #expect(
            try await service.user(token: try await signedIn("carol", admin: true), username: "bob").account.disabled
                == false)
    }

    @Test func anAdministratorsSignedOutSessionActsNoMore() async throws {
        let admin = try await signedIn("alice", admin: true)
        _ = try await signedIn("bob")
        _ = try await service.signOut(token: admin)
        #expect(
            await errorCode { try await service.administer(token: admin, username: "bob", .disable) } == .notSignedIn)
    }

    @Test func anAdministratorDeletingTheirOwnAccountIsAnsweredAndTheTrailNamesNoOne() async throws {
        let admin = try await signedIn("alice", admin: true)
        let deleted = try await service.administer(token: admin, username: "alice", .delete)
        #expect(deleted.outcome == "deleted" && deleted.username == "alice")
        #expect(await errorCode { try await service.authenticate(token: admin) } == .notSignedIn)
        let trail = try workers.database.read { db in
            try db.query("SELECT kind, username_key, user_id, actor_user_id FROM auth_events ORDER BY id") {
                [
                    try $0.string("kind"), try $0.string("username_key"),
                    try $0.optionalInt64("user_id").map(String.init) ?? "-",
                    try $0.optionalInt64("actor_user_id").map(String.init) ?? "-",
                ]
            }
        }
        #expect(trail.last?[0] == "account_deleted" && trail.last?[2] == "-" && trail.last?[3] == "-")
        #expect(!trail.flatMap { $0 }.contains("alice"))
    }

    @Test func anAdministratorEndsAUsersSessionsAndIssuesAResetCodeAPlainUserMayNot() async throws {
        let admin = try await signedIn("alice", admin: true)
        let bob = try await signedIn("bob")
        #expect(
            await errorCode { try await service.administer(token: bob, username: "alice", .endSessions) } == .forbidden)
        #expect(await errorCode { try await service.issueResetCode(token: bob, username: "alice") } == .forbidden)
        #expect(
            await errorCode { try await service.issueResetCode(token: "nonsense", username: "bob") } == .notSignedIn)

        let ended = try await service.administer(token: admin, username: "bob", .endSessions)
        #expect(ended == AdministrationResult(outcome: "sessions_ended", username: "bob", sessionsEnded: 1, roles: nil))
        #expect(await errorCode { try await service.authenticate(token: bob) } == .notSignedIn)

        let issued = try await service.issueResetCode(token: admin, username: "bob")
        #expect(issued.username == "bob" && !issued.code.isEmpty)
        #expect(await errorCode { try await service.issueResetCode(token: admin, username: "nobody") } == .notFound)
        _ = try await service.completePasswordReset(
            username: "bob", code: issued.code, newPassword: "a brand new passphrase for him")
        #expect(try await service.signIn(username: "bob", password: "a brand new passphrase for him").token != nil)
        let actors = try workers.database.read { db in
            try db.query(
                "SELECT kind FROM auth_events WHERE actor = 'admin' AND actor_user_id IS NOT NULL ORDER BY id"
            ) { try $0.string("kind") }
        }
        #expect(actors.suffix(2) == ["sessions_revoked", "password_reset_code_issued"])
    }
}
