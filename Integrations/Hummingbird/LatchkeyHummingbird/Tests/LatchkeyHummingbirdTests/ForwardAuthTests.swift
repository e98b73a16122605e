import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import LatchkeyHummingbird
import NIOCore
import Testing

@testable import LatchkeyTestSupport

/// `GET /v1/auth`, the check nginx, Traefik and Caddy call before every request they protect, and
/// the authenticator middleware for a Swift server's own routes.
@Suite(.onEveryEngine, .tags(.postgres)) struct ForwardAuthTests {
    let server: TestServer

    init() throws { server = try TestServer() }

    private func grantAdmin(_ name: String) {
        Operator.grant(["admin"], to: name, in: server.workers)
    }

    @Test func aValidTokenIs200WithThePrincipalInHeadersAndNoneIs401() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            let allowed = try await client.get("/v1/auth", token: token)
            #expect(allowed.status == .ok)
            #expect(allowed.headers[HTTPField.Name("X-Latchkey-User")!] == "alice")
            #expect(allowed.headers[HTTPField.Name("X-Latchkey-Roles")!] == "")
            #expect(allowed.headers[HTTPField.Name("X-Latchkey-Session")!]?.count == 8)

            let none = try await client.get("/v1/auth")
            #expect(none.status == .unauthorized)
            #expect(try errorCode(none) == "not_signed_in")
            let garbage = try await client.get("/v1/auth", token: "garbage")
            #expect(garbage.status == .unauthorized)
        }
    }

    @Test func aRoleTheUserLacksIs403AndOneTheyHoldIs200() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            #expect(try await client.get("/v1/auth?role=admin", token: token).status == .forbidden)
            grantAdmin("alice")
            let allowed = try await client.get("/v1/auth?role=admin", token: token)
            #expect(allowed.status == .ok)
            #expect(allowed.headers[HTTPField.Name("X-Latchkey-Roles")!] == "admin")
        }
    }

    @Test func aMisspeltRepeatedOrEmptyRoleParameterIs400NeverAPass() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            for query in [
                "roles=admin", "rol=admin", "role=admin&role=root", "role=", "role=admin,", "role=,admin", "x=1",
            ] {
                let answer = try await client.get("/v1/auth?\(query)", token: token)
                #expect(answer.status == .badRequest, "\(query)")
                #expect(try errorCode(answer) == "invalid_input")
            }
        }
    }

    @Test func severalRolesInOneParameterAreAllRequired() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            grantAdmin("alice")
            #expect(try await client.get("/v1/auth?role=admin,ops", token: token).status == .forbidden)
            Operator.grant(["ops"], to: "alice", in: server.workers)
            let allowed = try await client.get("/v1/auth?role=admin,ops", token: token)
            #expect(allowed.status == .ok)
            #expect(allowed.headers[HTTPField.Name("X-Latchkey-Roles")!] == "admin,ops")
        }
    }

    @Test func theCookieAuthenticatesLikeTheBearerToken() async throws {
        try await server.test { client in
            _ = try await client.signedIn("alice")
            let login = try await client.post(
                "/v1/login", #"{"username": "alice", "password": "\#(TestServer.password)", "cookie": true}"#)
            #expect(login.status == .ok)
            #expect(try object(login)["token"] == nil, "the token goes only into the HttpOnly cookie")
            let setCookie = try #require(login.headers[.setCookie])
            #expect(setCookie.hasPrefix("__Host-latchkey=lk_"))
            for attribute in ["HttpOnly", "Secure", "SameSite=Lax", "Path=/"] { #expect(setCookie.contains(attribute)) }
            let value = String(setCookie.split(separator: ";")[0])
            var headers = HTTPFields()
            headers[.cookie] = value
            let allowed = try await client.get("/v1/auth", headers: headers)
            #expect(allowed.status == .ok)
            #expect(allowed.headers[HTTPField.Name("X-Latchkey-User")!] == "alice")
            headers[.cookie] = "__Host-latchkey=lk_revoked_or_garbage"
            #expect(try await client.get("/v1/auth", headers: headers).status == .unauthorized)
        }
    }

    @Test func theMiddlewareProtectsAServersOwnRoutes() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            let hello = try await client.get("/app/hello", token: token)
            #expect(String(buffer: hello.body) == "hello alice")
            #expect(try await client.get("/app/hello").status == .unauthorized)
            #expect(try await client.get("/admin/panel", token: token).status == .forbidden)
            grantAdmin("alice")
            #expect(try await client.get("/admin/panel", token: token).status == .ok)
        }
    }
}
