import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// OpenID Connect clients through the service: only a signed-in user holding `admin`.
@Suite(.onEveryEngine, .tags(.postgres)) struct ServiceOIDCClientTests {
    let workers: LatchkeyWorkers
    let service: LatchkeyService

    init() throws {
        workers = try Seeds.workers()
        service = LatchkeyService(workers: workers)
    }

    /// Signs `name` in; with `admin`, an operator grants it the role (checked when it acts).
    private func signedIn(_ name: String, admin: Bool = false) async throws -> String {
        let token = try await service.signedIn(name)
        if admin {
            AdminInteractor(presenter: AdminPresentationLogicSpy(), workers: workers).act(
                request: .init(
                    username: name, action: .roles(add: [Admin.role], remove: []), actor: .init(osUser: "root")))
        }
        return token
    }

    private func code(_ body: () async throws(LatchkeyError) -> some Any) async -> LatchkeyError.Code? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error.code
        }
    }

    @Test("An administrator adds, lists, shows, rotates and removes; the secret is in the answer once")
    func administratorManagesClients() async throws {
        let admin = try await signedIn("root-admin", admin: true)
        let added = try await service.addOIDCClient(
            token: admin, name: "Wiki", redirectURIs: ["https://wiki.example.com/cb"], scopes: ["email"],
            isFirstParty: true)
        let secret = try #require(added.clientSecret)
        #expect(added.client.scopes == ["openid", "email"] && added.client.isFirstParty)
        #expect(added.client.createdBy == "root-admin")
        let listed = try await service.oidcClients(token: admin)
        #expect(listed == [added.client])
        #expect(!String(decoding: try JSONEncoder().encode(listed), as: UTF8.self).contains(secret))
        #expect(try await service.oidcClient(token: admin, client: "wiki") == added.client)
        let rotated = try await service.rotateOIDCClientSecret(token: admin, client: added.client.clientID)
        #expect(rotated.clientSecret != nil && rotated.clientSecret != secret)
        #expect(rotated.client.secretRotated != nil)
        let removed = try await service.removeOIDCClient(token: admin, client: "Wiki")
        #expect(removed == RemovedOIDCClient(removed: true, clientID: added.client.clientID, name: "Wiki"))
        #expect(try await service.oidcClients(token: admin).isEmpty)
        let kinds = try workers.database.read { db in
            try db.query("SELECT kind FROM auth_events WHERE kind LIKE 'oidc_client%' ORDER BY id") {
                try $0.string("kind")
            }
        }
        #expect(kinds == ["oidc_client_added", "oidc_client_secret_rotated", "oidc_client_removed"])
    }

    @Test("Unknown clients are not_found; a taken name, a bad URI and a public client's rotation are invalid_input")
    func refusals() async throws {
        let admin = try await signedIn("root-admin", admin: true)
        _ = try await service.addOIDCClient(
            token: admin, name: "spa", redirectURIs: ["http://localhost:3000/cb"], isPublic: true)
        #expect(
            await code { () async throws(LatchkeyError) in try await service.oidcClient(token: admin, client: "x") }
                == .notFound)
        #expect(
            await code { () async throws(LatchkeyError) in try await service.removeOIDCClient(token: admin, client: "x")
            }
                == .notFound)
        #expect(
            await code { () async throws(LatchkeyError) in
                try await service.rotateOIDCClientSecret(token: admin, client: "x")
            } == .notFound)
        #expect(
            await code { () async throws(LatchkeyError) in
                try await service.rotateOIDCClientSecret(token: admin, client: "spa")
            } == .invalidInput)
        #expect(
            await code { () async throws(LatchkeyError) in
                try await service.addOIDCClient(token: admin, name: "SPA", redirectURIs: ["https://a.example/cb"])
            } == .invalidInput)
        #expect(
            await code { () async throws(LatchkeyError) in
                try await service.addOIDCClient(token: admin, name: "b", redirectURIs: ["https://a.example/cb#x"])
            } == .invalidInput)
    }

    @Test("Without the admin role every call is forbidden; signed out, not signed in")
    func nonAdministratorIsForbidden() async throws {
        let bob = try await signedIn("bob")
        #expect(
            await code { () async throws(LatchkeyError) in try await service.oidcClients(token: bob) } == .forbidden)
        #expect(
            await code { () async throws(LatchkeyError) in
                try await service.addOIDCClient(token: bob, name: "x", redirectURIs: ["https://a.example/cb"])
            } == .forbidden)
        #expect(
            await code { () async throws(LatchkeyError) in try await service.removeOIDCClient(token: bob, client: "x") }
                == .forbidden)
        #expect(
            await code { () async throws(LatchkeyError) in try await service.oidcClients(token: "lk_nothing") }
                == .notSignedIn)
    }
}
