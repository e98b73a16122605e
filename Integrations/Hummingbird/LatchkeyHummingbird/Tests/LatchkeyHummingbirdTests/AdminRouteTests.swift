import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Administration over HTTP under `/v1/admin/users`: only a session whose user holds `admin`,
/// each action audited once, the cookie through the cross-origin check.
@Suite(.onEveryEngine, .tags(.postgres)) struct AdminRouteTests {
    let server: TestServer

    init() throws { server = try TestServer() }

    /// alice signed in as an administrator and bob signed in as a plain user: their tokens.
    private func administratorAndUser(_ client: any TestClientProtocol) async throws -> (admin: String, bob: String) {
        let admin = try await client.signedIn("alice")
        Operator.grant(["admin"], to: "alice", in: server.workers)
        return (admin, try await client.signedIn("bob"))
    }

    /// The account page of `name` as alice sees it.
    private func detail(_ client: any TestClientProtocol, _ name: String, token: String) async throws -> [String: Any] {
        let shown = try await client.get("/v1/admin/users/\(name)", token: token)
        #expect(shown.status == .ok)
        return try object(shown)
    }

    /// How many of `name`'s latest events are of `kind`.
    private func events(_ client: any TestClientProtocol, _ name: String, _ kind: String, token: String) async throws
        -> Int
    {
        let events = try #require(try await detail(client, name, token: token)["events"] as? [[String: Any]])
        return events.filter { $0["kind"] as? String == kind }.count
    }

    /// The `username_key` of every event an administrator recorded of `kind`, straight from the trail.
    private func administratorEvents(_ kind: String) throws -> [String] {
        try server.workers.database.read { db in
            try db.query("SELECT username_key FROM auth_events WHERE actor = 'admin' AND kind = ?", [kind]) { row in
                try row.string(at: 0)
            }
        }
    }

    private func act(
        _ client: any TestClientProtocol, _ path: String, _ json: String = "{}", token: String
    ) async throws -> TestResponse {
        try await client.send(.post, "/v1/admin/users/\(path)", json, token: token)
    }

    @Test("a user without the admin role is refused and nothing changes; no session is 401")
    func aNonAdministratorIsRefused() async throws {
        try await server.test { client in
            let carol = try await client.signedIn("carol")
            let bob = try await client.signedIn("bob")
            for response in [
                try await client.get("/v1/admin/users", token: bob),
                try await client.get("/v1/admin/users/carol", token: bob),
                try await act(client, "carol/disable", token: bob),
                try await act(client, "carol/password", #"{"password": "a brand new passphrase"}"#, token: bob),
                try await act(client, "bob/roles", #"{"add": ["admin"]}"#, token: bob),
                try await client.send(.delete, "/v1/admin/users/carol", "", token: bob),
            ] {
                #expect(response.status == .forbidden)
                #expect(try errorCode(response) == "forbidden")
            }
            #expect(try await client.get("/v1/me", token: carol).status == .ok)
            let carolsLogin = #"{"username": "carol", "password": "\#(TestServer.password)"}"#
            #expect(try await client.post("/v1/login", carolsLogin).status == .ok)
            let trail = try server.workers.database.read { db in
                try db.query("SELECT kind FROM auth_events WHERE actor = 'admin'") { row in try row.string(at: 0) }
            }
            #expect(trail.isEmpty)
            #expect((try object(try await client.get("/v1/me", token: bob))["roles"] as? [String]) == [])
            let anonymous = try await client.get("/v1/admin/users")
            #expect(anonymous.status == .unauthorized)
            #expect(try errorCode(anonymous) == "not_signed_in")
            let unsigned = try await client.post("/v1/admin/users/carol/disable", "{}")
            #expect(unsigned.status == .unauthorized)
        }
    }

    @Test("an administrator lists, searches and shows accounts; an unknown one is 404")
    func anAdministratorListsSearchesAndShows() async throws {
        try await server.test { client in
            let (admin, _) = try await administratorAndUser(client)
            let listed = try await client.get("/v1/admin/users", token: admin)
            #expect(listed.status == .ok)
            let names = (try object(listed)["users"] as? [[String: Any]])?.compactMap { $0["username"] as? String }
            #expect(names == ["alice", "bob"])
            let searched = try await client.get("/v1/admin/users?search=bo&limit=10", token: admin)
            #expect(
                (try object(searched)["users"] as? [[String: Any]])?.compactMap { $0["username"] as? String } == ["bob"]
            )
            let limited = try await client.get("/v1/admin/users?limit=1", token: admin)
            #expect((try object(limited)["users"] as? [Any])?.count == 1)
            let badLimit = try await client.get("/v1/admin/users?limit=many", token: admin)
            #expect(badLimit.status == .badRequest)
            #expect(try errorCode(badLimit) == "invalid_input")

            let shown = try await detail(client, "bob", token: admin)
            #expect((shown["account"] as? [String: Any])?["username"] as? String == "bob")
            #expect((shown["sessions"] as? [Any])?.count == 1)
            #expect(shown["access_tokens"] is [Any])

            for response in [
                try await client.get("/v1/admin/users/nobody", token: admin),
                try await act(client, "nobody/disable", token: admin),
                try await client.send(.delete, "/v1/admin/users/nobody", "", token: admin),
            ] {
                #expect(response.status == .notFound)
                #expect(try errorCode(response) == "not_found")
            }
        }
    }

    @Test("disabling ends the user's sessions and refuses sign-in; enabling allows it again; each audited once")
    func disablingAndEnabling() async throws {
        try await server.test { client in
            let (admin, bob) = try await administratorAndUser(client)
            let disabled = try await act(client, "bob/disable", token: admin)
            #expect(disabled.status == .ok)
            #expect(try object(disabled)["outcome"] as? String == "disabled")
            #expect(try object(disabled)["sessions_ended"] as? Int == 1)
            #expect(try await client.get("/v1/me", token: bob).status == .unauthorized)
            let login = #"{"username": "bob", "password": "\#(TestServer.password)"}"#
            #expect(try await client.post("/v1/login", login).status != .ok)
            #expect(try await events(client, "bob", "account_disabled", token: admin) == 1)

            let enabled = try await act(client, "bob/enable", token: admin)
            #expect(try object(enabled)["outcome"] as? String == "enabled")
            #expect(try await client.post("/v1/login", login).status == .ok)
            #expect(try await events(client, "bob", "account_enabled", token: admin) == 1)
        }
    }

    @Test("unlock, expire-password, reset-second-factor and roles each act and leave one audit event")
    func theOtherActionsAreAuditedOnce() async throws {
        try await server.test { client in
            let (admin, _) = try await administratorAndUser(client)
            for (path, outcome, kind) in [
                ("unlock", "unlocked", "throttle_cleared"),
                ("expire-password", "password_expired", "password_change_required"),
                ("reset-second-factor", "second_factor_reset", "factor_reset"),
            ] {
                let response = try await act(client, "bob/\(path)", token: admin)
                #expect(response.status == .ok)
                #expect(try object(response)["outcome"] as? String == outcome)
                #expect(try await events(client, "bob", kind, token: admin) == 1)
            }
            #expect(
                (try await detail(client, "bob", token: admin)["account"] as? [String: Any])?[
                    "password_change_required"]
                    as? Bool == true)

            let added = try await act(client, "bob/roles", #"{"add": ["ops", "deploy"]}"#, token: admin)
            #expect(try object(added)["roles"] as? [String] == ["deploy", "ops"])
            #expect(try await events(client, "bob", "roles_changed", token: admin) == 1)
            let removed = try await act(client, "bob/roles", #"{"remove": ["ops"]}"#, token: admin)
            #expect(try object(removed)["roles"] as? [String] == ["deploy"])
            #expect(try await events(client, "bob", "roles_changed", token: admin) == 2)

            for body in [#"{"add": ["bad role!"]}"#, #"{"add": "ops"}"#, #"{"grant": ["ops"]}"#] {
                let refused = try await act(client, "bob/roles", body, token: admin)
                #expect(refused.status == .badRequest)
                #expect(try errorCode(refused) == "invalid_input")
            }
            #expect(try await events(client, "bob", "roles_changed", token: admin) == 2)
        }
    }

    @Test("setting a password ends the old sessions, signs in with the new one, and is audited once")
    func settingAPassword() async throws {
        try await server.test { client in
            let (admin, bob) = try await administratorAndUser(client)
            let weak = try await act(client, "bob/password", #"{"password": "short"}"#, token: admin)
            #expect(weak.status == .unprocessableContent)
            #expect(try errorCode(weak) == "weak_password")
            #expect(try await client.get("/v1/me", token: bob).status == .ok)

            let set = try await act(client, "bob/password", #"{"password": "a brand new passphrase"}"#, token: admin)
            #expect(set.status == .ok)
            #expect(try object(set)["outcome"] as? String == "password_set")
            #expect(try object(set)["sessions_ended"] as? Int == 1)
            #expect(!String(buffer: set.body).contains("brand new"))
            #expect(try await client.get("/v1/me", token: bob).status == .unauthorized)
            let login = try await client.post(
                "/v1/login", #"{"username": "bob", "password": "a brand new passphrase"}"#)
            #expect(login.status == .ok)
            #expect(try await events(client, "bob", "password_set", token: admin) == 1)
        }
    }

    @Test("deleting erases the account: then it is 404 and its session is refused")
    func deleting() async throws {
        try await server.test { client in
            let (admin, bob) = try await administratorAndUser(client)
            let deleted = try await client.send(.delete, "/v1/admin/users/bob", "", token: admin)
            #expect(deleted.status == .ok)
            #expect(try object(deleted)["outcome"] as? String == "deleted")
            #expect(try await client.get("/v1/admin/users/bob", token: admin).status == .notFound)
            #expect(try await client.get("/v1/me", token: bob).status == .unauthorized)
            let again = try await client.send(.delete, "/v1/admin/users/bob", "", token: admin)
            #expect(again.status == .notFound)
            // The one event keeps a pseudonym, not the name.
            let deletions = try administratorEvents("account_deleted")
            #expect(deletions.count == 1)
            #expect(deletions.allSatisfy { $0.hasPrefix("deleted:") })
        }
    }

    @Test("an administrator revokes one of a user's access tokens by id, once")
    func revokingAnAccessToken() async throws {
        try await server.test { client in
            let (admin, bob) = try await administratorAndUser(client)
            let made = try await client.post(
                "/v1/tokens", #"{"name": "ci"}"#, headers: [.authorization: "Bearer \(bob)"])
            let token = try #require(try object(made)["token"] as? String)
            let id = try #require((try object(made)["access_token"] as? [String: Any])?["id"] as? String)

            let revoked = try await client.send(.delete, "/v1/admin/users/bob/tokens/\(id)", "", token: admin)
            #expect(revoked.status == .ok)
            #expect(try object(revoked)["outcome"] as? String == "access_token_revoked")
            #expect(try object(revoked)["access_token_name"] as? String == "ci")
            #expect(try await client.get("/v1/auth", token: token).status == .unauthorized)
            #expect(try await events(client, "bob", "access_token_revoked", token: admin) == 1)
            let again = try await client.send(.delete, "/v1/admin/users/bob/tokens/\(id)", "", token: admin)
            #expect(again.status == .notFound)
            #expect(try errorCode(again) == "not_found")
        }
    }

    @Test("an access token carrying admin administers, as its user; one without it, or whose user lost it, is 403")
    func anAccessTokenAdministersOnlyWithTheRole() async throws {
        try await server.test { client in
            let (admin, _) = try await administratorAndUser(client)
            let bearer: HTTPFields = [.authorization: "Bearer \(admin)"]
            func token(_ body: String) async throws -> String {
                let made = try await client.post("/v1/tokens", body, headers: bearer)
                #expect(made.status == .created)
                return try #require(try object(made)["token"] as? String)
            }
            let plain = try await token(#"{"name": "plain script"}"#)
            for response in [
                try await client.get("/v1/admin/users", token: plain),
                try await act(client, "bob/disable", token: plain),
            ] {
                #expect(response.status == .forbidden)
                #expect(try errorCode(response) == "forbidden")
            }
            #expect(
                (try await detail(client, "bob", token: admin)["account"] as? [String: Any])?["disabled"] as? Bool
                    == false)

            let script = try await token(#"{"name": "admin script", "roles": ["admin"]}"#)
            #expect(try await client.get("/v1/admin/users", token: script).status == .ok)
            #expect(try await act(client, "bob/disable", token: script).status == .ok)
            let shown = try await detail(client, "bob", token: admin)
            #expect((shown["account"] as? [String: Any])?["disabled"] as? Bool == true)
            #expect(try await events(client, "bob", "account_disabled", token: admin) == 1)

            // The token's role counts only while its user holds it.
            #expect(try await act(client, "alice/roles", #"{"remove": ["admin"]}"#, token: admin).status == .ok)
            let refused = try await act(client, "bob/enable", token: script)
            #expect(refused.status == .forbidden)
            #expect(try errorCode(refused) == "forbidden")
        }
    }

    @Test(
        "a cookie session's admin action must come from this origin",
        arguments: [("cross-site", false), ("same-origin", true)])
    func theCookieNeedsTheCrossOriginCheck(site: String, allowed: Bool) async throws {
        try await server.test { client in
            _ = try await administratorAndUser(client)
            let headers = try await client.cookieHeaders(site: site)
            // A read is safe: it passes whatever the site.
            #expect(try await client.get("/v1/admin/users/bob", headers: headers).status == .ok)
            let response = try await client.post("/v1/admin/users/bob/disable", "{}", headers: headers)
            #expect(response.status == (allowed ? .ok : .forbidden))
            let shown = try await client.get("/v1/admin/users/bob", headers: headers)
            #expect((try object(shown)["account"] as? [String: Any])?["disabled"] as? Bool == allowed)
        }
    }

    @Test("an administrator ends a user's sessions and gets a reset code for them; a plain user may not")
    func endSessionsAndResetCode() async throws {
        try await server.test { client in
            let (admin, bob) = try await administratorAndUser(client)
            #expect(try await act(client, "alice/end-sessions", token: bob).status == .forbidden)
            #expect(try await act(client, "alice/reset-code", token: bob).status == .forbidden)
            let ended = try await act(client, "bob/end-sessions", token: admin)
            #expect(ended.status == .ok)
            let result = try object(ended)
            #expect(result["outcome"] as? String == "sessions_ended" && result["sessions_ended"] as? Int == 1)
            #expect(try await client.get("/v1/me", token: bob).status == .unauthorized)
            let issued = try await act(client, "bob/reset-code", token: admin)
            #expect(issued.status == .ok)
            #expect(issued.headers[.cacheControl] == "no-store")
            let code = try object(issued)
            #expect(code["username"] as? String == "bob" && (code["code"] as? String)?.isEmpty == false)
            #expect(Set(code.keys) == ["username", "code", "expires"])
            #expect(try await act(client, "nobody/reset-code", token: admin).status == .notFound)
        }
    }
}
