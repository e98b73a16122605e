import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Invitations through the service: listed and revoked only by a signed-in user holding `admin`.
@Suite(.onEveryEngine, .tags(.postgres)) struct ServiceInvitationTests {
    let password = Seeds.password
    let workers: LatchkeyWorkers
    let service: LatchkeyService

    init() throws {
        workers = try Seeds.workers()
        service = LatchkeyService(workers: workers)
    }

    private func signedIn(_ name: String, admin: Bool = false) async throws -> String {
        _ = try await service.register(username: name, password: password)
        if admin {
            AdminInteractor(presenter: AdminPresentationLogicSpy(), workers: workers).act(
                request: .init(
                    username: name, action: .roles(add: [Admin.role], remove: []), actor: .init(osUser: "root")))
        }
        return try #require(try await service.signIn(username: name, password: password).token)
    }

    private func invite(roles: [String] = []) throws -> String {
        try Seeds.invite(.init(roles: roles, actor: .init(osUser: "root")), with: workers)
    }

    @Test("Without the admin role, listing and revoking are forbidden; signed out, not signed in")
    func nonAdministratorIsForbidden() async throws {
        let bob = try await signedIn("bob")
        _ = try invite()
        await #expect(throws: LatchkeyError.self) { try await service.invitations(token: bob) }
        do {
            _ = try await service.revokeInvitation(token: bob, id: "1")
            Issue.record("revoked without the role")
        } catch {
            #expect(error.code == .forbidden)
        }
        do {
            _ = try await service.invitations(token: "lk_nothing")
            Issue.record("listed signed out")
        } catch {
            #expect(error.code == .notSignedIn)
        }
    }

    @Test("An administrator lists without codes and revokes; the revoked code registers no one")
    func administratorRevokes() async throws {
        let admin = try await signedIn("root-admin", admin: true)
        let code = try invite(roles: ["editor"])
        let listed = try await service.invitations(token: admin)
        #expect(listed.count == 1)
        #expect(listed[0].roles == ["editor"] && listed[0].state == .pending)
        let revoked = try await service.revokeInvitation(token: admin, id: String(listed[0].id))
        #expect(revoked == RevokedInvitation(revoked: true, id: listed[0].id))
        #expect(try await service.invitations(token: admin).isEmpty)
        #expect(try await service.invitations(token: admin, all: true).map(\.state) == [.revoked])
        do {
            _ = try await service.register(username: "carol", password: password, invitation: code)
            Issue.record("registered with a revoked code")
        } catch {
            #expect(error.code == .forbidden)
            #expect(error.message == "That invitation code is not valid.")
        }
        do {
            _ = try await service.revokeInvitation(token: admin, id: String(listed[0].id))
            Issue.record("revoked twice")
        } catch {
            #expect(error.code == .notFound)
            #expect(error.message == "No unused invitation has that number.")
        }
    }
}
