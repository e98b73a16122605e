import Foundation
import Hummingbird
import HummingbirdTesting
import Latchkey
import LatchkeyHummingbird
import Testing

@testable import LatchkeyTestSupport

/// `POST /v1/register` on a server that registers by invitation only.
@Suite(.onEveryEngine, .tags(.postgres)) struct InvitationRouteTests {
    let server: TestServer

    init() throws { server = try TestServer(options: LatchkeyHTTPOptions(registration: .invite)) }

    private func body(_ name: String, invitation: String? = nil) -> String {
        let code = invitation.map { #", "invitation": "\#($0)""# } ?? ""
        return #"{"username": "\#(name)", "password": "\#(TestServer.password)"\#(code)}"#
    }

    @Test("Without an invitation, or with a bad one, registration is forbidden")
    func noInvitationIsForbidden() async throws {
        try await server.test { client in
            for invitation in [nil, "", "lki_mistyped"] {
                let refused = try await client.post("/v1/register", body("ann", invitation: invitation))
                #expect(refused.status == .forbidden, "\(String(describing: invitation))")
                #expect(try errorCode(refused) == "forbidden")
            }
        }
    }

    @Test("An invitation registers one account, with its roles; the code works once")
    func anInvitationRegistersOnce() async throws {
        let code = try Operator.invite(roles: ["editor"], in: server.workers)
        try await server.test { client in
            let registered = try await client.post("/v1/register", body("ann", invitation: code))
            #expect(registered.status == .created)
            let principal = try object(registered)["principal"] as? [String: Any]
            #expect(principal?["roles"] as? [String] == ["editor"])
            let again = try await client.post("/v1/register", body("bob", invitation: code))
            #expect(again.status == .forbidden)
            #expect(
                (try object(again)["error"] as? [String: Any])?["message"] as? String
                    == "That invitation code has already been used.")
        }
    }
}
