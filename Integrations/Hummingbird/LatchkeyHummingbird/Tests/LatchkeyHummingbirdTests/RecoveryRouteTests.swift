import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import NIOCore
import Testing

@testable import LatchkeyTestSupport

/// Password reset, email verification and profile routes, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct RecoveryRouteTests {
    let delivery = DeliverySpy()
    let server: TestServer

    init() throws { server = try TestServer(delivery: delivery) }

    @Test func aResetIs202ForAnyAccountAndTheDeliveredCodeSetsANewPassword() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            let minted = try await client.send(.post, "/v1/tokens", #"{"name": "deploy"}"#, token: token)
            #expect(minted.status == .created)
            let accessToken = try #require(try object(minted)["token"] as? String)
            let known = try await client.post("/v1/password-reset", #"{"account": "alice"}"#)
            let unknown = try await client.post("/v1/password-reset", #"{"account": "nobody"}"#)
            #expect(known.status == .accepted && unknown.status == .accepted)
            #expect(Array(known.body.readableBytesView) == Array(unknown.body.readableBytesView))
            let message = try #require(await delivery.waitFor(1).first)

            let wrong = try await client.post(
                "/v1/password-reset/complete",
                #"{"username": "alice", "code": "AAAA-AAAA", "password": "a brand new passphrase"}"#)
            #expect(try wrong.status == .unauthorized && errorCode(wrong) == "invalid_credentials")
            let weak = try await client.post(
                "/v1/password-reset/complete", #"{"username": "alice", "code": "\#(message.typed)", "password": "x"}"#)
            #expect(try weak.status == .unprocessableContent && errorCode(weak) == "weak_password")
            let done = try await client.post(
                "/v1/password-reset/complete",
                #"{"username": "alice", "code": "\#(message.typed)", "password": "a brand new passphrase"}"#)
            #expect(done.status == .ok)
            #expect(try object(done)["sessions_ended"] as? Int == 1)
            #expect(try object(done)["access_tokens_revoked"] as? Int == 1)
            #expect(try await client.get("/v1/me", token: token).status == .unauthorized)
            #expect(try await client.get("/v1/auth", token: accessToken).status == .unauthorized)
            let body = String(buffer: done.body)
            #expect(!body.contains(message.typed) && !body.contains("brand new"))
        }
    }

    @Test func theLinkTokenResetsWithoutTheUsername() async throws {
        try await server.test { client in
            _ = try await client.signedIn("alice")
            try await client.post("/v1/password-reset", #"{"account": "alice"}"#)
            let message = try #require(await delivery.waitFor(1).first)
            let done = try await client.post(
                "/v1/password-reset/complete", #"{"token": "\#(message.link)", "password": "a brand new passphrase"}"#)
            #expect(done.status == .ok)
            let login = try await client.post(
                "/v1/login", #"{"username": "alice", "password": "a brand new passphrase"}"#)
            #expect(login.status == .ok)
        }
    }

    @Test func theProfileChangesTheEmailWaitsForItsCodeAndMeShowsItVerified() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            let named = try await client.send(
                .patch, "/v1/me", #"{"display_name": "Alice L.", "phone": "+7 912 345-67-33"}"#, token: token)
            #expect(named.status == .ok, "\(String(buffer: named.body))")
            #expect(try object(named)["display_name"] as? String == "Alice L.")
            let noPassword = try await client.send(.patch, "/v1/me", #"{"email": "a@example.com"}"#, token: token)
            #expect(try noPassword.status == .badRequest && errorCode(noPassword) == "invalid_input")
            let changed = try await client.send(
                .patch, "/v1/me", #"{"email": "a@example.com", "password": "\#(TestServer.password)"}"#, token: token)
            #expect(changed.status == .ok)
            #expect(try object(changed)["pending_email"] as? String == "a@example.com")
            #expect(try object(changed)["email"] is NSNull)

            let code = try #require(await delivery.waitFor(1, .emailVerification).first)
            let again = try await client.send(.post, "/v1/email/verify-request", "", token: token)
            #expect(try again.status == .accepted && object(again)["sent_to"] as? String == "a@example.com")
            // Within the cooldown a resend is answered alike but sends nothing: the code already sent
            // stays the one to type.
            let verified = try await client.send(
                .post, "/v1/email/verify", #"{"code": "\#(code.typed)"}"#, token: token)
            #expect(delivery.messages.filter { $0.kind == .emailVerification }.count == 1)
            #expect(try verified.status == .ok && object(verified)["verified"] as? String == "a@example.com")

            let me = try object(try await client.get("/v1/me", token: token))
            #expect(me["username"] as? String == "alice" && me["credential"] as? String == "session")
            #expect(me["email"] as? String == "a@example.com" && me["email_verified"] as? Bool == true)
            #expect(me["display_name"] as? String == "Alice L.")
            #expect((me["phone"] as? String)?.contains("912") == false)
        }
    }

    @Test func aVerificationLinkWorksWithoutASession() async throws {
        try await server.test { client in
            let registered = try await client.post(
                "/v1/register",
                #"{"username": "bob", "password": "\#(TestServer.password)", "email": "bob@example.com"}"#)
            #expect(registered.status == .created)
            let code = try #require(await delivery.waitFor(1, .emailVerification).first)
            let verified = try await client.post("/v1/email/verify", #"{"token": "\#(code.link)"}"#)
            #expect(try verified.status == .ok && object(verified)["verified"] as? String == "bob@example.com")
            let twice = try await client.post("/v1/email/verify", #"{"token": "\#(code.link)"}"#)
            #expect(twice.status == .unauthorized)
        }
    }

    @Test(arguments: [
        ("/v1/password-reset", #"{}"#, "invalid_input"),
        ("/v1/password-reset", #"{"account": 7}"#, "invalid_input"),
        ("/v1/password-reset", #"{"account": "alice", "code": "x"}"#, "invalid_input"),
        (
            "/v1/password-reset/complete", #"{"username": "alice", "password": "a brand new passphrase"}"#,
            "invalid_input"
        ),
        (
            "/v1/password-reset/complete", #"{"token": "short", "password": "a brand new passphrase"}"#,
            "invalid_credentials"
        ),
        ("/v1/email/verify", #"{"code": "AAAA-AAAA"}"#, "not_signed_in"),
        ("/v1/email/verify-request", "", "not_signed_in"),
    ])
    func badInputGetsTheOneErrorObject(uri: String, body: String, code: String) async throws {
        try await server.test { client in
            let response = try await client.post(uri, body)
            #expect(response.status.code >= 400)
            #expect(try errorCode(response) == code, "\(String(buffer: response.body))")
        }
    }

    @Test func withoutADeliveryAResetRequestIs503() async throws {
        let plain = try TestServer()
        try await plain.test { client in
            let response = try await client.post("/v1/password-reset", #"{"account": "alice"}"#)
            #expect(try response.status == .serviceUnavailable && errorCode(response) == "unavailable")
        }
    }
}
