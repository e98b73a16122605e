import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import NIOCore
import Testing

@testable import LatchkeyTestSupport

/// The JSON routes: each answers its status and the CLI's shapes, every failure the one error object.
@Suite(.onEveryEngine, .tags(.postgres)) struct AccountRouteTests {
    let server: TestServer

    init() throws { server = try TestServer() }

    @Test func registerLoginMeAndLogoutGoThroughTheService() async throws {
        try await server.test { client in
            let registered = try await client.post(
                "/v1/register",
                #"{"username": "alice", "password": "\#(TestServer.password)", "email": "a@example.com"}"#)
            #expect(registered.status == .created)
            #expect((try object(registered)["principal"] as? [String: Any])?["username"] as? String == "alice")

            let token = try #require(
                try object(
                    try await client.post(
                        "/v1/login", #"{"username": "alice", "password": "\#(TestServer.password)", "label": "cli"}"#))[
                        "token"] as? String)
            let me = try await client.get("/v1/me", token: token)
            #expect(me.status == .ok)
            #expect(try object(me)["username"] as? String == "alice")
            #expect(try object(me)["roles"] as? [String] == [])
            // How the session was signed in (RFC 8176): a password.
            #expect(try object(me)["amr"] as? [String] == ["pwd"])

            var headers = HTTPFields()
            headers[.authorization] = "Bearer \(token)"
            let out = try await client.execute(uri: "/v1/logout", method: .post, headers: headers)
            #expect(out.status == .ok)
            #expect(try object(out)["signed_out"] as? Int == 1)
            let after = try await client.get("/v1/me", token: token)
            #expect(after.status == .unauthorized)
            #expect(try errorCode(after) == "not_signed_in")
        }
    }

    @Test func eachFailureHasItsStatusAndStableCode() async throws {
        try await server.test { client in
            _ = try await client.signedIn("alice")
            let cases: [(String, String, HTTPResponse.Status, String)] = [
                (
                    "/v1/register", #"{"username": "alice", "password": "\#(TestServer.password)"}"#, .conflict,
                    "username_taken"
                ),
                ("/v1/register", #"{"username": "bob", "password": "short"}"#, .unprocessableContent, "weak_password"),
                (
                    "/v1/register", #"{"username": "b o b", "password": "\#(TestServer.password)"}"#, .badRequest,
                    "invalid_input"
                ),
                (
                    "/v1/login", #"{"username": "alice", "password": "not the password at all"}"#, .unauthorized,
                    "invalid_credentials"
                ),
                (
                    "/v1/login", #"{"username": "nobody", "password": "not the password at all"}"#, .unauthorized,
                    "invalid_credentials"
                ),
            ]
            for (uri, body, status, code) in cases {
                let response = try await client.post(uri, body)
                #expect(response.status == status, "\(uri) \(body)")
                #expect(try errorCode(response) == code, "\(uri) \(body)")
            }
            for _ in 0..<4 {
                try await client.post("/v1/login", #"{"username": "alice", "password": "wrong wrong wrong"}"#)
            }
            let throttled = try await client.post(
                "/v1/login", #"{"username": "alice", "password": "\#(TestServer.password)"}"#)
            #expect(throttled.status == .tooManyRequests)
            #expect(try errorCode(throttled) == "throttled")
            #expect(throttled.headers[.retryAfter] != nil)
        }
    }

    @Test(arguments: [
        ("not json", "The request body is not a JSON object."),
        ("[1, 2]", "The request body is not a JSON object."),
        (#"{"username": 5, "password": "x"}"#, "The field username must be a string."),
        (#"{"username": "alice"}"#, "The field password is required."),
        (#"{"username": "alice", "password": "x", "admin": true}"#, "Unknown field \"admin\"."),
        (#"{"username": "alice", "password": "x", "cookie": "yes"}"#, "The field cookie must be true or false."),
    ])
    func malformedInputIsA400WithTheOneErrorObjectAndWritesNothing(_ body: String, _ message: String) async throws {
        try await server.test { client in
            let response = try await client.post("/v1/login", body)
            #expect(response.status == .badRequest)
            let error = try #require(try object(response)["error"] as? [String: Any])
            #expect(error["code"] as? String == "invalid_input")
            #expect(error["message"] as? String == message)
            #expect(error["status"] as? Int == 400)
        }
    }

    @Test func aBodyOverSixteenKibibytesIsRefusedUnread() async throws {
        try await server.test { client in
            let huge = #"{"username": "alice", "password": ""# + String(repeating: "x", count: 17 * 1024) + #""}"#
            let response = try await client.post("/v1/register", huge)
            #expect(response.status == .contentTooLarge)
            #expect(try errorCode(response) == "invalid_input")
        }
    }

    @Test func noResponseEchoesThePasswordOrTheToken() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            let secret = "my secret passphrase that is wrong"
            let failed = try await client.post("/v1/login", #"{"username": "alice", "password": "\#(secret)"}"#)
            #expect(!String(buffer: failed.body).contains(secret))
            let me = try await client.get("/v1/me", token: token)
            #expect(!String(buffer: me.body).contains(token))
            let garbage = try await client.get("/v1/me", token: "lk_" + String(repeating: "A", count: 43))
            #expect(garbage.status == .unauthorized)
            #expect(!String(buffer: garbage.body).contains("AAAA"))
        }
    }

    @Test func sessionsPasswordAndHistory() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            let other = try #require(
                try object(
                    try await client.post("/v1/login", #"{"username": "alice", "password": "\#(TestServer.password)"}"#)
                )[
                    "token"] as? String)
            let sessions = try #require(
                try object(try await client.get("/v1/sessions", token: token))["sessions"] as? [[String: Any]])
            #expect(sessions.count == 2)
            let otherID = try #require(sessions.first { $0["current"] as? Bool == false }?["id"] as? String)
            var bearer = HTTPFields()
            bearer[.authorization] = "Bearer \(token)"
            let revoked = try await client.execute(uri: "/v1/sessions/\(otherID)", method: .delete, headers: bearer)
            #expect(revoked.status == .ok)
            #expect(try await client.get("/v1/me", token: other).status == .unauthorized)

            let changed = try await client.post(
                "/v1/password", #"{"current": "\#(TestServer.password)", "new": "another good passphrase"}"#,
                headers: bearer)
            #expect(changed.status == .ok)
            #expect(try object(changed)["changed"] as? Bool == true)
            let wrong = try await client.post(
                "/v1/password", #"{"current": "wrong", "new": "another good passphrase 2"}"#, headers: bearer)
            #expect(wrong.status == .unauthorized)

            let history = try #require(
                try object(try await client.get("/v1/history?limit=2", token: token))["events"] as? [[String: Any]])
            #expect(history.map { $0["kind"] as? String } == ["password_change_failed", "password_changed"])
            #expect(
                history.map { $0["description"] as? String } == [
                    "Password change failed: wrong current password", "Password changed",
                ])
            #expect(try await client.get("/v1/history?limit=x", token: token).status == .badRequest)
        }
    }

    @Test func healthAndReadiness() async throws {
        try await server.test { client in
            #expect(try await client.get("/health").status == .ok)
            let ready = try await client.get("/ready")
            #expect(ready.status == .ok)
            #expect(try object(ready)["status"] as? String == "ready")
        }
    }
}
