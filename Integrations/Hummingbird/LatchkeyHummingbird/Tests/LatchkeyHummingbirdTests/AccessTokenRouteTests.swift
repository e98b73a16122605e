import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import NIOCore
import Testing

@testable import LatchkeyTestSupport

/// Personal access tokens over HTTP: `/v1/tokens` through a session only, the token as a bearer on
/// forward-auth and on the routes a token may use.
@Suite(.onEveryEngine, .tags(.postgres)) struct AccessTokenRouteTests {
    let server: TestServer

    init() throws { server = try TestServer() }

    @Test func aSessionMakesATokenThatPassesForwardAuthUntilRevoked() async throws {
        try await server.test { client in
            let session = try await client.signedIn("alice")
            let bearer: HTTPFields = [.authorization: "Bearer \(session)"]
            let made = try await client.post("/v1/tokens", #"{"name": "deploy", "expires_in": "30d"}"#, headers: bearer)
            #expect(made.status == .created)
            let token = try #require(try object(made)["token"] as? String)
            #expect(token.hasPrefix("lkp_"))
            let summary = try #require(try object(made)["access_token"] as? [String: Any])
            let id = try #require(summary["id"] as? String)

            let auth = try await client.get("/v1/auth", token: token)
            #expect(auth.status == .ok)
            #expect(auth.headers[HTTPField.Name("X-Latchkey-User")!] == "alice")
            #expect(auth.headers[HTTPField.Name("X-Latchkey-Credential")!] == "access_token")
            #expect(try await client.get("/v1/auth?role=admin", token: token).status == .forbidden)
            let me = try await client.get("/v1/me", token: token)
            #expect(try object(me)["credential"] as? String == "access_token")

            let listed = try await client.get("/v1/tokens", token: session)
            #expect(
                (try object(listed)["tokens"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["deploy"])

            let revoked = try await client.execute(uri: "/v1/tokens/\(id)", method: .delete, headers: bearer)
            #expect(revoked.status == .ok)
            #expect(try await client.get("/v1/auth", token: token).status == .unauthorized)
            let again = try await client.execute(uri: "/v1/tokens/\(id)", method: .delete, headers: bearer)
            #expect(again.status == .notFound)
        }
    }

    @Test func aTokenCannotManageTokensOrThePassword() async throws {
        try await server.test { client in
            let session = try await client.signedIn("alice")
            let made = try await client.post(
                "/v1/tokens", #"{"name": "script"}"#, headers: [.authorization: "Bearer \(session)"])
            let token = try #require(try object(made)["token"] as? String)
            let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
            for response in [
                try await client.post("/v1/tokens", #"{"name": "another"}"#, headers: bearer),
                try await client.get("/v1/tokens", token: token),
                try await client.post(
                    "/v1/password", #"{"current": "\#(TestServer.password)", "new": "a brand new passphrase here"}"#,
                    headers: bearer),
                try await client.post(
                    "/v1/second-factor/enroll", #"{"password": "\#(TestServer.password)"}"#, headers: bearer),
            ] {
                #expect(response.status == .forbidden)
                #expect(try errorCode(response) == "forbidden")
                #expect(!String(buffer: response.body).contains(token))
            }
        }
    }

    @Test(arguments: [
        (#"{"name": "x", "expires_in": "forever"}"#, HTTPResponse.Status.badRequest, "invalid_input"),
        (#"{"name": "x", "expires_in": "never"}"#, .badRequest, "invalid_input"),
        (#"{"name": "x", "roles": "admin"}"#, .badRequest, "invalid_input"),
        (#"{"name": "x", "roles": ["admin"]}"#, .forbidden, "forbidden"),
        (#"{"name": "evil\u001b[31m"}"#, .badRequest, "invalid_input"),
        (#"{"name": ""}"#, .badRequest, "invalid_input"),
        (#"{"roles": []}"#, .badRequest, "invalid_input"),
    ])
    func badTokenRequestsAreRefusedAndMakeNothing(body: String, status: HTTPResponse.Status, code: String) async throws
    {
        try await server.test { client in
            let session = try await client.signedIn("alice")
            let response = try await client.post("/v1/tokens", body, headers: [.authorization: "Bearer \(session)"])
            #expect(response.status == status)
            #expect(try errorCode(response) == code)
            let listed = try await client.get("/v1/tokens", token: session)
            #expect((try object(listed)["tokens"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func aMistypedTokenIsNotSignedIn() async throws {
        try await server.test { client in
            let session = try await client.signedIn("alice")
            let made = try await client.post(
                "/v1/tokens", #"{"name": "ci"}"#, headers: [.authorization: "Bearer \(session)"])
            var token = Array(try #require(try object(made)["token"] as? String))
            token[8] = token[8] == "A" ? "B" : "A"
            let auth = try await client.get("/v1/auth", token: String(token))
            #expect(auth.status == .unauthorized)
            #expect(try errorCode(auth) == "not_signed_in")
        }
    }

    @Test("a password change revokes the access tokens unless revoke_tokens is false, and counts them")
    func aPasswordChangeRevokesTheTokensUnlessKept() async throws {
        try await server.test { client in
            let session = try await client.signedIn("alice")
            let bearer: HTTPFields = [.authorization: "Bearer \(session)"]
            let made = try await client.post("/v1/tokens", #"{"name": "ci"}"#, headers: bearer)
            let token = try #require(try object(made)["token"] as? String)

            // Kept: the token still answers, and the answer says so.
            let kept = try await client.post(
                "/v1/password",
                #"{"current": "\#(TestServer.password)", "new": "another good passphrase", "revoke_tokens": false}"#,
                headers: bearer)
            #expect(kept.status == .ok)
            #expect(try object(kept)["access_tokens_revoked"] as? Int == 0)
            #expect(try object(kept)["access_tokens_kept"] as? Int == 1)
            #expect(try await client.get("/v1/auth", token: token).status == .ok)

            // By default the change revokes it.
            let changed = try await client.post(
                "/v1/password", #"{"current": "another good passphrase", "new": "a third good passphrase"}"#,
                headers: bearer)
            #expect(changed.status == .ok)
            #expect(try object(changed)["changed"] as? Bool == true)
            #expect(try object(changed)["other_sessions_ended"] as? Int == 0)
            #expect(try object(changed)["access_tokens_revoked"] as? Int == 1)
            #expect(try object(changed)["access_tokens_kept"] as? Int == 0)
            #expect(try await client.get("/v1/auth", token: token).status == .unauthorized)

            let wrongType = try await client.post(
                "/v1/password",
                #"{"current": "a third good passphrase", "new": "a fourth good passphrase", "revoke_tokens": "no"}"#,
                headers: bearer)
            #expect(wrongType.status == .badRequest)
            #expect(try errorCode(wrongType) == "invalid_input")
        }
    }
}
