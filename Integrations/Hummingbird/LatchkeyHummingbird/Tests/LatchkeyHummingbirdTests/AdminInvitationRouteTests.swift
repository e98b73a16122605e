import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LatchkeyHummingbird
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// `GET /v1/admin/invitations` and `DELETE /v1/admin/invitations/{id}`: only for the role `admin`,
/// never a code, a revoked code registering no one.
@Suite(.onEveryEngine, .tags(.postgres)) struct AdminInvitationRouteTests {
    let server: TestServer

    init() throws { server = try TestServer() }

    private func administrator(_ client: any TestClientProtocol) async throws -> String {
        let admin = try await client.signedIn("alice")
        Operator.grant(["admin"], to: "alice", in: server.workers)
        return admin
    }

    private func register(_ client: any TestClientProtocol, _ name: String, _ code: String) async throws
        -> TestResponse
    {
        try await client.post(
            "/v1/register",
            #"{"username": "\#(name)", "password": "\#(TestServer.password)", "invitation": "\#(code)"}"#)
    }

    private func message(_ response: TestResponse) throws -> String? {
        (try object(response)["error"] as? [String: Any])?["message"] as? String
    }

    @Test("a user without the admin role gets 403 on both routes and revokes nothing; no session is 401")
    func nonAdministratorIsForbidden() async throws {
        let code = try Operator.invite(in: server.workers)
        try await server.test { client in
            let bob = try await client.signedIn("bob")
            for response in [
                try await client.get("/v1/admin/invitations", token: bob),
                try await client.get("/v1/admin/invitations?all=true", token: bob),
                try await client.send(.delete, "/v1/admin/invitations/1", "", token: bob),
                try await client.send(.delete, "/v1/admin/invitations/99", "", token: bob),
            ] {
                #expect(response.status == .forbidden)
                #expect(try errorCode(response) == "forbidden")
            }
            #expect(try await client.get("/v1/admin/invitations").status == .unauthorized)
            #expect(try await register(client, "carol", code).status == .created)
        }
    }

    @Test("the list never shows a code; all=true shows a used one as used, by its account")
    func listNeverShowsACode() async throws {
        let used = try Operator.invite(roles: ["editor"], in: server.workers)
        let pending = try Operator.invite(email: "ann@example.com", in: server.workers)
        try await server.test { client in
            let admin = try await administrator(client)
            #expect(try await register(client, "carol", used).status == .created)
            let listed = try await client.get("/v1/admin/invitations", token: admin)
            #expect(listed.status == .ok)
            let body = String(buffer: listed.body)
            #expect(!body.contains(used) && !body.contains(pending) && !body.contains("lki_"))
            let invitations = try #require(try object(listed)["invitations"] as? [[String: Any]])
            #expect(invitations.count == 1)
            #expect(invitations.first?["email"] as? String == "ann@example.com")
            #expect(invitations.first?["state"] as? String == "pending")
            let all = try await client.get("/v1/admin/invitations?all=true", token: admin)
            let every = try #require(try object(all)["invitations"] as? [[String: Any]])
            #expect(every.map { $0["state"] as? String } == ["pending", "used"])
            #expect(every.last?["used_by"] as? String == "carol")
            #expect(every.last?["roles"] as? [String] == ["editor"])
            #expect(!String(buffer: all.body).contains("lki_"))
            let bad = try await client.get("/v1/admin/invitations?all=yes", token: admin)
            #expect(bad.status == .badRequest)
            #expect(try errorCode(bad) == "invalid_input")
        }
    }

    @Test("a revoked code fails registration exactly as an unknown code; an unknown number is 404")
    func revokedCodeCannotRegister() async throws {
        let code = try Operator.invite(roles: ["editor"], in: server.workers)
        try await server.test { client in
            let admin = try await administrator(client)
            let id = try #require(
                (try object(try await client.get("/v1/admin/invitations", token: admin))["invitations"]
                    as? [[String: Any]])?.first?["id"] as? Int)
            let revoked = try await client.send(.delete, "/v1/admin/invitations/\(id)", "", token: admin)
            #expect(revoked.status == .ok)
            #expect(try object(revoked)["revoked"] as? Bool == true)
            #expect(try object(revoked)["id"] as? Int == id)

            let refused = try await register(client, "carol", code)
            let unknown = try await register(client, "carol", "lki_" + String(repeating: "A", count: 36))
            #expect(refused.status == .forbidden && unknown.status == .forbidden)
            let codes = (try errorCode(refused), try errorCode(unknown))
            #expect(codes.0 == codes.1)
            #expect(try message(refused) == "That invitation code is not valid.")
            let unknownMessage = try message(unknown)
            #expect(try message(refused) == unknownMessage)

            for path in ["\(id)", "999", "abc"] {
                let missing = try await client.send(.delete, "/v1/admin/invitations/\(path)", "", token: admin)
                #expect(missing.status == .notFound, "\(path)")
                #expect(try errorCode(missing) == "not_found")
            }
            let trail = try server.workers.database.read { db in
                try db.query("SELECT detail FROM auth_events WHERE kind = 'invitation_revoked' AND actor = 'admin'") {
                    try $0.optionalString("detail")
                }
            }
            #expect(trail == ["invitation \(id)"])
        }
    }
}
