import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The second-factor routes, end to end over HTTP: enroll, confirm, sign in with a code, replace
/// the recovery codes, disable; and `logout-all`, `/ready` on a schema from another version.
@Suite(.onEveryEngine, .tags(.postgres)) struct SecondFactorRouteTests {
    let server: TestServer

    init() throws { server = try TestServer() }

    @Test func enrollConfirmSignInWithACodeReplaceRecoveryCodesAndDisable() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
            let wrongPassword = try await client.post(
                "/v1/second-factor/enroll", #"{"password": "not the password at all"}"#, headers: bearer)
            #expect(wrongPassword.status == .unauthorized)
            #expect(try errorCode(wrongPassword) == "invalid_credentials")
            let anonymous = try await client.post(
                "/v1/second-factor/enroll", #"{"password": "\#(TestServer.password)"}"#)
            #expect(anonymous.status == .unauthorized)
            #expect(try errorCode(anonymous) == "not_signed_in")

            let enrolled = try await client.post(
                "/v1/second-factor/enroll", #"{"password": "\#(TestServer.password)"}"#, headers: bearer)
            #expect(enrolled.status == .ok)
            #expect(try object(enrolled)["status"] as? String == "pending")
            #expect((try object(enrolled)["uri"] as? String)?.hasPrefix("otpauth://totp/") == true)
            let app = Authenticator(base32: try #require(try object(enrolled)["secret"] as? String))

            let wrongCode = try await client.post("/v1/second-factor/confirm", #"{"code": "000000x"}"#, headers: bearer)
            #expect(wrongCode.status == .unauthorized)
            let confirmed = try await client.post(
                "/v1/second-factor/confirm", #"{"code": "\#(app.code(at: Date()))"}"#, headers: bearer)
            #expect(confirmed.status == .ok)
            #expect(try object(confirmed)["status"] as? String == "enabled")
            let recovery = try #require(try object(confirmed)["recovery_codes"] as? [String])
            #expect(recovery.count >= 8)

            let login = #"{"username": "alice", "password": "\#(TestServer.password)""#
            let withoutCode = try await client.post("/v1/login", login + "}")
            #expect(withoutCode.status == .unauthorized)
            #expect(try errorCode(withoutCode) == "second_factor_required")
            // The next step's code: the one just used for confirming may not be used twice.
            let withCode = try await client.post(
                "/v1/login", login + #", "code": "\#(app.code(at: Date().addingTimeInterval(30)))"}"#)
            #expect(withCode.status == .ok)
            #expect(try object(withCode)["token"] is String)

            let replaced = try await client.post(
                "/v1/second-factor/recovery-codes",
                #"{"password": "\#(TestServer.password)", "code": "\#(recovery[0])"}"#, headers: bearer)
            #expect(replaced.status == .ok)
            #expect(try object(replaced)["status"] as? String == "recovery_codes_replaced")
            let fresh = try #require(try object(replaced)["recovery_codes"] as? [String])
            #expect(Set(fresh).isDisjoint(with: recovery))

            let stale = try await client.post(
                "/v1/second-factor/disable", #"{"password": "\#(TestServer.password)", "code": "\#(recovery[1])"}"#,
                headers: bearer)
            #expect(stale.status == .unauthorized)
            let disabled = try await client.post(
                "/v1/second-factor/disable", #"{"password": "\#(TestServer.password)", "code": "\#(fresh[0])"}"#,
                headers: bearer)
            #expect(disabled.status == .ok)
            #expect(try object(disabled)["status"] as? String == "disabled")
            #expect(try await client.post("/v1/login", login + "}").status == .ok)
        }
    }

    @Test func logoutAllEndsEverySessionOfTheUser() async throws {
        try await server.test { client in
            let first = try await client.signedIn("alice")
            let second = try #require(
                try object(
                    try await client.post(
                        "/v1/login", #"{"username": "alice", "password": "\#(TestServer.password)"}"#))["token"]
                    as? String)
            let out = try await client.execute(
                uri: "/v1/logout-all", method: .post, headers: [.authorization: "Bearer \(first)"])
            #expect(out.status == .ok)
            #expect(try object(out)["signed_out"] as? Int == 2)
            #expect(try await client.get("/v1/me", token: second).status == .unauthorized)
            #expect(try await client.get("/v1/me", token: first).status == .unauthorized)
        }
    }

    @Test func readyIs503WhileTheSchemaIsAnotherVersions() async throws {
        try await server.test { client in
            #expect(try await client.get("/ready").status == .ok)
            // A newer build migrated the database while this one runs.
            try server.workers.database.write { db in
                try db.execute(
                    "INSERT INTO latchkey_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
                    [9_999, "from_the_future", [UInt8](repeating: 0, count: 32), 0])
            }
            let ready = try await client.get("/ready")
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.headers[.retryAfter] != nil)
            #expect(try errorCode(ready) == "storage")
            #expect(try await client.get("/health").status == .ok)
        }
    }
}
