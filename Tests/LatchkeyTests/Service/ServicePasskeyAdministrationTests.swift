import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// An administrator and a user's passkeys through the service: `user` lists them, `administer`
/// removes one, audited with the administrator's account, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct ServicePasskeyAdministrationTests {
    let workers: LatchkeyWorkers
    let service: LatchkeyService
    let ceremony: PasskeyCeremony

    init() throws {
        workers = PasskeyCeremony.enable(try Seeds.workers())
        service = LatchkeyService(workers: workers)
        ceremony = PasskeyCeremony(service: service)
    }

    private func signedIn(_ name: String, admin: Bool = false) async throws -> String {
        _ = try await service.register(username: name, password: Seeds.password)
        if admin {
            AdminInteractor(presenter: AdminPresentationLogicSpy(), workers: workers).act(
                request: .init(
                    username: name, action: .roles(add: [Admin.role], remove: []), actor: .init(osUser: "root")))
        }
        return try #require(try await service.signIn(username: name, password: Seeds.password).token)
    }

    @Test func anAdministratorSeesAndRemovesAUsersLastPasskeyWhichThenNoLongerSignsIn() async throws {
        let admin = try await signedIn("root", admin: true)
        let alice = try await signedIn("alice")
        let authenticator = try TestAuthenticator(.es256)
        let handle = try await ceremony.enrol(authenticator, token: alice, name: "Laptop")

        let detail = try await service.user(token: admin, username: "alice")
        let id = try #require(detail.passkeys.first?.id)
        #expect(detail.passkeys.map(\.name) == ["Laptop"])
        // Every key present, snake_case, `null` for what is absent.
        let encoded = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(detail)) as? [String: Any])
        let passkey = try #require((encoded["passkeys"] as? [[String: Any]])?.first)
        #expect(
            Set(passkey.keys) == [
                "id", "name", "created", "last_used", "backed_up", "backup_eligible", "transports",
                "counter_went_backwards",
            ])
        #expect(passkey["last_used"] is NSNull && passkey["counter_went_backwards"] is NSNull)

        let result = try await service.administer(token: admin, username: "alice", .revokePasskey(id: id))
        #expect(result.outcome == "passkey_revoked" && result.passkeyName == "Laptop")
        let keys = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        #expect(keys["passkey_name"] as? String == "Laptop" && keys["access_token_name"] is NSNull)
        #expect(try await service.user(token: admin, username: "alice").passkeys.isEmpty)
        await #expect(throws: LatchkeyError.invalidCredentials) {
            _ = try await ceremony.signIn(authenticator, handle: handle)
        }
        let events = try workers.database.read { db in
            try db.query(
                "SELECT e.actor || '/' || a.username FROM auth_events e JOIN users a ON a.id = e.actor_user_id"
                    + " WHERE e.kind = 'passkey_removed'"
            ) { try $0.string(at: 0) }
        }
        #expect(events == ["admin/root"])
        #expect(
            await errorCode { try await service.administer(token: admin, username: "alice", .revokePasskey(id: id)) }
                == .notFound)
    }

    @Test func removingAPasskeyNeedsTheAdminRole() async throws {
        let bob = try await signedIn("bob")
        let alice = try await signedIn("alice")
        try await ceremony.enrol(try TestAuthenticator(.edDSA), token: alice)
        let id = try #require(try await service.passkeys(token: alice).first?.id)
        #expect(
            await errorCode { try await service.administer(token: bob, username: "alice", .revokePasskey(id: id)) }
                == .forbidden)
        #expect(try await service.passkeys(token: alice).count == 1)
    }
}
