import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import LatchkeyHummingbird
import NIOCore
import Testing

@testable import LatchkeyTestSupport

/// The reset and verification pages a link opens, at the HTTP level, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct RecoveryPageTests {
    let delivery = DeliverySpy()
    let server: TestServer

    init() throws {
        server = try TestServer(
            options: LatchkeyHTTPOptions(publicOrigin: "http://localhost", registration: .open), delivery: delivery)
    }

    private func form(
        _ client: any TestClientProtocol, _ uri: String, _ body: String, origin: String = "http://localhost"
    )
        async throws -> TestResponse
    {
        var headers = HTTPFields()
        headers[.contentType] = "application/x-www-form-urlencoded"
        headers[HTTPField.Name("Origin")!] = origin
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    @Test func aResetLinkOpensAFormWhosePostSetsThePassword() async throws {
        try await server.test { client in
            _ = try await client.signedIn("alice")
            let asked = try await form(client, "/reset/request", "account=alice")
            #expect(asked.status == .accepted)
            #expect(String(buffer: asked.body).contains("If that account exists, a reset code is on its way."))
            let message = try #require(await delivery.waitFor(1).first)

            let page = try await client.get("/reset?token=\(message.link)")
            let html = String(buffer: page.body)
            #expect(page.status == .ok && html.contains(#"name="token" value="\#(message.link)""#))
            #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            // A GET changes nothing: the password is still the old one.
            #expect(
                try await client.post("/v1/login", #"{"username": "alice", "password": "\#(TestServer.password)"}"#)
                    .status == .ok)

            let refused = try await form(
                client, "/reset", "token=\(message.link)&password=a+brand+new+passphrase",
                origin: "https://evil.example")
            #expect(refused.status == .forbidden)
            let weak = try await form(client, "/reset", "token=\(message.link)&password=short")
            #expect(weak.status == .unprocessableContent)
            let done = try await form(client, "/reset", "token=\(message.link)&password=a+brand+new+passphrase")
            #expect(done.status == .ok && String(buffer: done.body).contains("Your password is set"))
            let login = try await client.post(
                "/v1/login", #"{"username": "alice", "password": "a brand new passphrase"}"#)
            #expect(login.status == .ok)
        }
    }

    @Test func theCodeFormAndTheVerificationPageWork() async throws {
        try await server.test { client in
            let registered = try await client.post(
                "/v1/register",
                #"{"username": "bob", "password": "\#(TestServer.password)", "email": "bob@example.com"}"#)
            #expect(registered.status == .created)
            let verification = try #require(await delivery.waitFor(1, .emailVerification).first)
            let page = try await client.get("/verify-email?token=\(verification.link)")
            #expect(String(buffer: page.body).contains(#"value="\#(verification.link)""#))
            let verified = try await form(client, "/verify-email", "token=\(verification.link)")
            #expect(verified.status == .ok && String(buffer: verified.body).contains("bob@example.com is verified"))
            let again = try await form(client, "/verify-email", "token=\(verification.link)")
            #expect(again.status == .unauthorized)

            _ = try await form(client, "/reset/request", "account=bob%40example.com")
            let reset = try #require(await delivery.waitFor(1).first)
            #expect(reset.to == "bob@example.com")
            let wrong = try await form(client, "/reset", "username=bob&code=AAAA-AAAA&password=a+brand+new+passphrase")
            #expect(
                wrong.status == .unauthorized && String(buffer: wrong.body).contains("Invalid or expired reset code."))
            let done = try await form(
                client, "/reset", "username=bob&code=\(reset.typed)&password=a+brand+new+passphrase")
            #expect(done.status == .ok)
        }
    }
}
