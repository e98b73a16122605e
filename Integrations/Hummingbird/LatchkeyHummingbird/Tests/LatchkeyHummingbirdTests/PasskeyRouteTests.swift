import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import NIOCore
import Testing

@testable import LatchkeyTestSupport

/// Passkeys over HTTP with a software authenticator: enrol through a session, sign in without a
/// username (into the cookie), manage them, and the refusals, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct PasskeyRouteTests {
    let time = ManualTime()
    let server: TestServer
    let authenticator = SoftAuthenticator()

    init() throws {
        server = try TestServer(time: time, relyingParty: RelyingParty(origin: SoftAuthenticator.origin))
    }

    /// `object` as a JSON text.
    private func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    /// Enrols the authenticator for the session `token`; the user handle the options gave.
    @discardableResult
    private func enrol(_ client: some TestClientProtocol, token: String, name: String = "Laptop") async throws
        -> String
    {
        let options = try await client.send(.post, "/v1/passkeys/register/options", "{}", token: token)
        #expect(options.status == .ok)
        let creation = try object(options)
        let credential = try authenticator.registration(creation)
        let registered = try await client.send(
            .post, "/v1/passkeys/register", try json(["name": name, "credential": credential]), token: token)
        #expect(registered.status == .created)
        #expect(try object(registered)["name"] as? String == name)
        return try #require((creation["user"] as? [String: Any])?["id"] as? String)
    }

    /// The options of a passwordless sign-in.
    private func signInOptions(_ client: some TestClientProtocol) async throws -> [String: Any] {
        let options = try await client.post("/v1/passkeys/login/options", "{}")
        #expect(options.status == .ok)
        return try object(options)
    }

    @Test("a passkey enrolled through a session signs in without a username into the cookie, and /v1/me takes it")
    func enrolThenSignInWithTheCookie() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            let handle = try await enrol(client, token: token)
            let options = try await signInOptions(client)
            #expect(options["rpId"] as? String == "example.com")
            #expect((options["allowCredentials"] as? [Any])?.isEmpty == true)
            let assertion = try authenticator.assertion(options, userHandle: handle)
            let body = try json(["credential": assertion, "cookie": true, "label": "laptop"])
            let signedIn = try await client.post("/v1/passkeys/login", body)
            #expect(signedIn.status == .ok)
            let answer = try object(signedIn)
            #expect(answer["signed_in"] as? Bool == true && answer["token"] == nil)
            let setCookie = try #require(signedIn.headers[.setCookie])
            #expect(setCookie.hasPrefix("__Host-latchkey=") && setCookie.contains("HttpOnly"))
            let me = try await client.get(
                "/v1/me", headers: [.cookie: String(setCookie.split(separator: ";")[0])])
            #expect(me.status == .ok)
            #expect(try object(me)["username"] as? String == "alice")
            // A passkey that verified its user: complete on its own (RFC 8176 values).
            #expect(try object(me)["amr"] as? [String] == ["hwk", "user", "mfa"])

            // The same assertion again: its challenge is used.
            let replayed = try await client.post("/v1/passkeys/login", body)
            #expect(replayed.status == .unauthorized)
            #expect(try errorCode(replayed) == "invalid_credentials")
            let metrics = String(buffer: try await client.get("/metrics").body)
            #expect(metrics.contains(#"step="passkey""#))
        }
    }

    @Test("a sign-in in the body answers the token; a tampered or backwards assertion is invalid_credentials")
    func tamperedAndBackwardsAssertions() async throws {
        try await server.test { client in
            let handle = try await enrol(client, token: try await client.signedIn("alice"))
            let tampered = try authenticator.assertion(
                try await signInOptions(client), userHandle: handle, tampered: true)
            let refused = try await client.post("/v1/passkeys/login", try json(["credential": tampered]))
            #expect(refused.status == .unauthorized)
            #expect(try errorCode(refused) == "invalid_credentials")

            let good = try authenticator.assertion(try await signInOptions(client), userHandle: handle, signCount: 5)
            let signedIn = try await client.post("/v1/passkeys/login", try json(["credential": good]))
            #expect(signedIn.status == .ok)
            let token = try #require(try object(signedIn)["token"] as? String)
            #expect(try await client.get("/v1/me", token: token).status == .ok)

            let backwards = try authenticator.assertion(
                try await signInOptions(client), userHandle: handle, signCount: 2)
            let regressed = try await client.post("/v1/passkeys/login", try json(["credential": backwards]))
            #expect(regressed.status == .unauthorized)
            #expect(try errorCode(regressed) == "invalid_credentials")
            let listed = try object(try await client.get("/v1/passkeys", token: token))
            let flagged = try #require((listed["passkeys"] as? [[String: Any]])?.first)
            #expect(flagged["counter_went_backwards"] is String)
        }
    }

    @Test("a registration from another origin is refused as invalid_input, and nothing is stored")
    func wrongOriginRegistration() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            let options = try object(try await client.send(.post, "/v1/passkeys/register/options", "{}", token: token))
            let credential = try authenticator.registration(options, origin: "https://evil.example")
            let refused = try await client.send(
                .post, "/v1/passkeys/register", try json(["name": "Laptop", "credential": credential]), token: token)
            #expect(refused.status == .badRequest)
            #expect(try errorCode(refused) == "invalid_input")
            let listed = try object(try await client.get("/v1/passkeys", token: token))
            #expect((listed["passkeys"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("a credential that is not an object, or missing, is a 400 invalid_input")
    func credentialMustBeAnObject() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            for body in [#"{"name": "Laptop", "credential": "x"}"#, #"{"name": "Laptop"}"#] {
                let refused = try await client.send(.post, "/v1/passkeys/register", body, token: token)
                #expect(refused.status == .badRequest)
                #expect(try errorCode(refused) == "invalid_input")
            }
            let login = try await client.post("/v1/passkeys/login", #"{"credential": [1]}"#)
            #expect(login.status == .badRequest)
        }
    }

    @Test("a session older than the enrolment window gets 401 reauthentication_required")
    func anOldSessionMustSignInAgain() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            time.advance(by: .seconds(11 * 60))
            let refused = try await client.send(.post, "/v1/passkeys/register/options", "{}", token: token)
            #expect(refused.status == .unauthorized)
            #expect(try errorCode(refused) == "reauthentication_required")
        }
    }

    @Test("passkeys are listed, renamed and removed by their short id; a username's options name them")
    func listRenameRemove() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            try await enrol(client, token: token)
            let listed = try #require(
                try object(try await client.get("/v1/passkeys", token: token))["passkeys"] as? [[String: Any]])
            #expect(listed.count == 1 && listed[0]["name"] as? String == "Laptop")
            let id = try #require(listed[0]["id"] as? String)

            let named = try await client.post("/v1/passkeys/login/options", #"{"username": "alice"}"#)
            let allowed = try #require(try object(named)["allowCredentials"] as? [[String: Any]])
            #expect(allowed.map { $0["id"] as? String } == [SoftAuthenticator.base64URL(authenticator.credentialID)])

            let renamed = try await client.send(.patch, "/v1/passkeys/\(id)", #"{"name": "Phone"}"#, token: token)
            #expect(renamed.status == .ok)
            #expect(try object(renamed)["name"] as? String == "Phone")
            let removed = try await client.execute(
                uri: "/v1/passkeys/\(id)", method: .delete, headers: [.authorization: "Bearer \(token)"])
            #expect(removed.status == .ok)
            #expect(try object(removed)["id"] as? String == id)
            let after = try object(try await client.get("/v1/passkeys", token: token))
            #expect((after["passkeys"] as? [Any])?.isEmpty == true)
            let again = try await client.execute(
                uri: "/v1/passkeys/\(id)", method: .delete, headers: [.authorization: "Bearer \(token)"])
            #expect(again.status == .notFound)
            #expect(try errorCode(again) == "not_found")
        }
    }

    @Test("a cookie request from another origin may not start an enrolment, nor sign in into the cookie")
    func crossOriginCookieRequestsAreRefused() async throws {
        try await server.test { client in
            _ = try await client.signedIn("alice")
            let login = try await client.post(
                "/v1/login", #"{"username": "alice", "password": "\#(TestServer.password)", "cookie": true}"#)
            let cookie = String(try #require(login.headers[.setCookie]).split(separator: ";")[0])
            let refused = try await client.post(
                "/v1/passkeys/register/options", "{}", headers: [.cookie: cookie, .origin: "https://evil.example"])
            #expect(refused.status == .forbidden)
            #expect(try errorCode(refused) == "forbidden")
            let sameSite = try await client.post(
                "/v1/passkeys/register/options", "{}",
                headers: [.cookie: cookie, HTTPField.Name("Sec-Fetch-Site")!: "same-origin"])
            #expect(sameSite.status == .ok)
            let intoCookie = try await client.post(
                "/v1/passkeys/login", #"{"credential": {}, "cookie": true}"#,
                headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(intoCookie.status == .forbidden)
        }
    }

    @Test("without a relying party the ceremonies answer 404 not_found")
    func offWithoutARelyingParty() async throws {
        try await TestServer().test { client in
            let token = try await client.signedIn("alice")
            let enrolment = try await client.send(.post, "/v1/passkeys/register/options", "{}", token: token)
            #expect(enrolment.status == .notFound)
            #expect(try errorCode(enrolment) == "not_found")
            let signIn = try await client.post("/v1/passkeys/login/options", "{}")
            #expect(signIn.status == .notFound)
            #expect(try errorCode(signIn) == "not_found")
        }
    }

    @Test("an administrator sees a user's passkeys and removes one; a plain user may not")
    func anAdministratorRemovesAPasskey() async throws {
        try await server.test { client in
            let admin = try await client.signedIn("carol")
            Operator.grant(["admin"], to: "carol", in: server.workers)
            let alice = try await client.signedIn("alice")
            try await enrol(client, token: alice)
            let shown = try object(try await client.get("/v1/admin/users/alice", token: admin))
            let passkeys = try #require(shown["passkeys"] as? [[String: Any]])
            let id = try #require(passkeys.first?["id"] as? String)
            let refused = try await client.execute(
                uri: "/v1/admin/users/alice/passkeys/\(id)", method: .delete,
                headers: [.authorization: "Bearer \(alice)"])
            #expect(refused.status == .forbidden)
            let removed = try await client.execute(
                uri: "/v1/admin/users/alice/passkeys/\(id)", method: .delete,
                headers: [.authorization: "Bearer \(admin)"])
            #expect(removed.status == .ok)
            #expect(try object(removed)["passkey_name"] as? String == "Laptop")
            let again = try await client.execute(
                uri: "/v1/admin/users/alice/passkeys/\(id)", method: .delete,
                headers: [.authorization: "Bearer \(admin)"])
            #expect(again.status == .notFound)
            #expect(
                (try object(try await client.get("/v1/passkeys", token: alice))["passkeys"] as? [Any])?.isEmpty == true)
        }
    }
}
