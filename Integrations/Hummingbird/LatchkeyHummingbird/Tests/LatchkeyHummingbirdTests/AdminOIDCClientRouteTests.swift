import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LatchkeyHummingbird
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// `/v1/admin/oidc-clients`: the OpenID Connect clients for the role `admin`, as `latchkey clients`
/// manages them, a secret in the answer only to adding a confidential client or rotating its secret.
@Suite(.onEveryEngine, .tags(.postgres)) struct AdminOIDCClientRouteTests {
    let server: TestServer

    init() throws { server = try TestServer() }

    private static let wiki =
        #"{"name": "wiki", "redirect_uris": ["https://wiki.example.com/callback"], "scopes": ["email"]}"#

    private func administrator(_ client: any TestClientProtocol) async throws -> String {
        let admin = try await client.signedIn("alice")
        Operator.grant(["admin"], to: "alice", in: server.workers)
        return admin
    }

    private func add(_ client: any TestClientProtocol, _ json: String, token: String) async throws -> TestResponse {
        try await client.send(.post, "/v1/admin/oidc-clients", json, token: token)
    }

    @Test("add, list, show, rotate and remove; the secret only in the answers to add and rotate")
    func lifecycle() async throws {
        try await server.test { client in
            let admin = try await administrator(client)
            let added = try await add(client, Self.wiki, token: admin)
            #expect(added.status == .created)
            let secret = try #require(try object(added)["client_secret"] as? String)
            #expect(secret.hasPrefix("lks_"))
            let summary = try #require(try object(added)["client"] as? [String: Any])
            let id = try #require(summary["client_id"] as? String)
            #expect(id.hasPrefix("lkc_"))
            #expect(summary["name"] as? String == "wiki")
            #expect(summary["public"] as? Bool == false && summary["first_party"] as? Bool == false)
            #expect(summary["redirect_uris"] as? [String] == ["https://wiki.example.com/callback"])
            #expect(summary["post_logout_redirect_uris"] as? [String] == [])
            #expect(summary["scopes"] as? [String] == ["openid", "email"])
            #expect(summary["created_by"] as? String == "alice")
            #expect(summary["secret_rotated"] is NSNull)

            let listed = try await client.get("/v1/admin/oidc-clients", token: admin)
            #expect(listed.status == .ok)
            #expect(!String(buffer: listed.body).contains("lks_"))
            let clients = try #require(try object(listed)["clients"] as? [[String: Any]])
            #expect(clients.map { $0["client_id"] as? String } == [id])

            for path in ["wiki", "WIKI", id] {
                let shown = try await client.get("/v1/admin/oidc-clients/\(path)", token: admin)
                #expect(shown.status == .ok, "\(path)")
                #expect(try object(shown)["client_id"] as? String == id)
                #expect(!String(buffer: shown.body).contains("lks_"))
            }

            let rotated = try await client.send(.post, "/v1/admin/oidc-clients/wiki/rotate-secret", "", token: admin)
            #expect(rotated.status == .ok)
            let newSecret = try #require(try object(rotated)["client_secret"] as? String)
            #expect(newSecret.hasPrefix("lks_") && newSecret != secret)
            #expect((try object(rotated)["client"] as? [String: Any])?["secret_rotated"] is String)

            let removed = try await client.send(.delete, "/v1/admin/oidc-clients/\(id)", "", token: admin)
            #expect(removed.status == .ok)
            #expect(try object(removed)["removed"] as? Bool == true)
            #expect(try object(removed)["client_id"] as? String == id)
            #expect(try object(removed)["name"] as? String == "wiki")
            let empty = try await client.get("/v1/admin/oidc-clients", token: admin)
            #expect((try object(empty)["clients"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("a public client has no secret, and none to rotate")
    func publicClientHasNoSecret() async throws {
        try await server.test { client in
            let admin = try await administrator(client)
            let added = try await add(
                client,
                #"{"name": "cli", "redirect_uris": ["http://127.0.0.1:8765/callback"], "public": true, "first_party": true}"#,
                token: admin)
            #expect(added.status == .created)
            #expect(try object(added)["client_secret"] is NSNull)
            let summary = try #require(try object(added)["client"] as? [String: Any])
            #expect(summary["public"] as? Bool == true && summary["first_party"] as? Bool == true)
            let rotated = try await client.send(.post, "/v1/admin/oidc-clients/cli/rotate-secret", "", token: admin)
            #expect(rotated.status == .badRequest)
            #expect(try errorCode(rotated) == "invalid_input")
        }
    }

    @Test("a bad redirect URI, a missing name or an unknown field is 400 and adds nothing")
    func badInputIsRefused() async throws {
        try await server.test { client in
            let admin = try await administrator(client)
            for json in [
                #"{"name": "wiki", "redirect_uris": ["http://wiki.example.com/callback"]}"#,
                #"{"name": "wiki", "redirect_uris": ["https://wiki.example.com/*"]}"#,
                #"{"name": "wiki", "redirect_uris": []}"#,
                #"{"name": "wiki"}"#,
                #"{"redirect_uris": ["https://wiki.example.com/callback"]}"#,
                #"{"name": "wiki", "redirect_uris": "https://wiki.example.com/callback"}"#,
                #"{"name": "wiki", "redirect_uris": ["https://wiki.example.com/callback"], "secret": "x"}"#,
            ] {
                let refused = try await add(client, json, token: admin)
                #expect(refused.status == .badRequest, "\(json)")
                #expect(try errorCode(refused) == "invalid_input", "\(json)")
            }
            #expect(try await add(client, Self.wiki, token: admin).status == .created)
            let taken = try await add(client, Self.wiki, token: admin)
            #expect(taken.status == .badRequest)
            #expect(try errorCode(taken) == "invalid_input")
            let listed = try await client.get("/v1/admin/oidc-clients", token: admin)
            #expect((try object(listed)["clients"] as? [Any])?.count == 1)
        }
    }

    @Test("an unknown client is 404 not_found on show, rotate and remove")
    func unknownClientIsNotFound() async throws {
        try await server.test { client in
            let admin = try await administrator(client)
            for (method, path) in [
                (HTTPRequest.Method.get, "nobody"), (.delete, "nobody"), (.post, "nobody/rotate-secret"),
                (.get, "lkc_AAAAAAAAAAAAAAAAAAAAAA"),
            ] {
                let response = try await client.send(method, "/v1/admin/oidc-clients/\(path)", "", token: admin)
                #expect(response.status == .notFound, "\(method) \(path)")
                #expect(try errorCode(response) == "not_found")
            }
        }
    }

    @Test("a user without the admin role gets 403 and changes nothing; no session is 401")
    func nonAdministratorIsForbidden() async throws {
        try await server.test { client in
            let admin = try await administrator(client)
            #expect(try await add(client, Self.wiki, token: admin).status == .created)
            let bob = try await client.signedIn("bob")
            for response in [
                try await client.get("/v1/admin/oidc-clients", token: bob),
                try await add(client, #"{"name": "other", "redirect_uris": ["https://a.example/cb"]}"#, token: bob),
                try await client.get("/v1/admin/oidc-clients/wiki", token: bob),
                try await client.send(.post, "/v1/admin/oidc-clients/wiki/rotate-secret", "", token: bob),
                try await client.send(.delete, "/v1/admin/oidc-clients/wiki", "", token: bob),
            ] {
                #expect(response.status == .forbidden)
                #expect(try errorCode(response) == "forbidden")
                #expect(!String(buffer: response.body).contains("lks_"))
            }
            for response in [
                try await client.get("/v1/admin/oidc-clients"),
                try await client.post("/v1/admin/oidc-clients", Self.wiki),
                try await client.get("/v1/admin/oidc-clients/wiki"),
                try await client.post("/v1/admin/oidc-clients/wiki/rotate-secret", ""),
                try await client.execute(uri: "/v1/admin/oidc-clients/wiki", method: .delete),
            ] {
                #expect(response.status == .unauthorized)
            }
            let listed = try await client.get("/v1/admin/oidc-clients", token: admin)
            let clients = try #require(try object(listed)["clients"] as? [[String: Any]])
            #expect(clients.map { $0["name"] as? String } == ["wiki"])
            #expect(clients.first?["secret_rotated"] is NSNull)
        }
    }

    @Test("an access token carrying the admin role manages clients as the session does")
    func adminAccessToken() async throws {
        try await server.test { client in
            let admin = try await administrator(client)
            let made = try await client.send(
                .post, "/v1/tokens", #"{"name": "ci", "roles": ["admin"], "expires_in": "1d"}"#, token: admin)
            #expect(made.status == .created)
            let token = try #require(try object(made)["token"] as? String)
            #expect(try await add(client, Self.wiki, token: token).status == .created)
            #expect(try await client.get("/v1/admin/oidc-clients/wiki", token: token).status == .ok)
        }
    }

    @Test(
        "a cookie session's change to a client must come from this origin",
        arguments: [("cross-site", false), ("same-origin", true)])
    func theCookieNeedsTheCrossOriginCheck(site: String, allowed: Bool) async throws {
        try await server.test { client in
            _ = try await administrator(client)
            let headers = try await client.cookieHeaders(site: site)
            // A read is safe: it passes whatever the site.
            #expect(try await client.get("/v1/admin/oidc-clients", headers: headers).status == .ok)
            let response = try await client.post("/v1/admin/oidc-clients", Self.wiki, headers: headers)
            #expect(response.status == (allowed ? .created : .forbidden))
            let listed = try await client.get("/v1/admin/oidc-clients", headers: headers)
            #expect((try object(listed)["clients"] as? [Any])?.count == (allowed ? 1 : 0))
        }
    }
}
