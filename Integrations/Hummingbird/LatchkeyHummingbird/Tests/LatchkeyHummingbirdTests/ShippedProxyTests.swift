import Foundation
import Latchkey
import LatchkeyHummingbird
import LatchkeyTestSupport
import Testing

/// The shipped `examples/nginx.conf` and `examples/Caddyfile`, each run as it is by the real proxy in
/// front of a live latchkey-server (127.0.0.1:8080) and an application (127.0.0.1:3000) that shows
/// what reached it.
@Suite(.serialized, .tags(.binary)) struct ShippedProxyTests {
    static let spoofed = "203.0.113.9"

    @Test("The proxy's own check accepts the shipped file as it is", arguments: ShippedProxy.allCases)
    func theProxyAcceptsTheShippedFile(proxy: ShippedProxy) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-proxy-\(UUID())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let checked = try proxy.check(home: home)
        #expect(checked.status == 0, "\(checked.output)")
    }

    @Test(
        "A browser not signed in goes to /login?next=<its URI> and back after signing in; a script gets 401 in JSON",
        arguments: ShippedProxy.allCases)
    func aBrowserIsSentToSignInAndAScriptIsAnswered401(proxy: ShippedProxy) async throws {
        try await ShippedExamples.withServers { stack in
            _ = try await stack.signedIn("alice")
            let running = try proxy.start(home: stack.folder)
            defer { proxy.stop(running) }

            let browser = ["Accept": "text/html,application/xhtml+xml,*/*;q=0.8"]
            let sent = try await stack.proxy.get("/reports/2024?page=2", token: nil, headers: browser)
            #expect(sent.status == 302)
            #expect(sent.location == "/login?next=/reports/2024?page=2")
            let page = try await stack.proxy.get(sent.location, token: nil, headers: browser)
            #expect(page.status == 200)
            #expect(page.body.contains(#"name="next" value="/reports/2024?page=2""#))
            // The form posted back through the proxy: the Origin matches the Host it passed on.
            let signIn = try await stack.proxy.request(
                "POST", "/login", token: nil,
                headers: [
                    "Content-Type": "application/x-www-form-urlencoded", "Origin": "http://127.0.0.1:8000",
                ],
                body: "username=alice&password=correct+horse+battery+staple&next=%2Freports%2F2024%3Fpage%3D2")
            #expect(signIn.status == 303)
            #expect(signIn.location == "/reports/2024?page=2")

            let script = try await stack.proxy.get("/reports/2024", token: nil, headers: ["Accept": "application/json"])
            #expect(script.status == 401)
            let error = (try JSONSerialization.jsonObject(with: Data(script.body.utf8)) as? [String: Any])?["error"]
            #expect((error as? [String: Any])?["code"] as? String == "not_signed_in")
            #expect(try await stack.proxy.get("/reports/2024", token: nil).status == 401)
        }
    }

    @Test(
        "Signed in, the application is told the user; the pages, their script and /v1/ are latchkey-server's, /metrics is not",
        arguments: ShippedProxy.allCases)
    func aSignedInRequestReachesTheApplicationWithItsUser(proxy: ShippedProxy) async throws {
        try await ShippedExamples.withServers { stack in
            let token = try await stack.signedIn("alice")
            let running = try proxy.start(home: stack.folder)
            defer { proxy.stop(running) }

            let passed = try await stack.proxy.get("/reports/2024", token: token)
            #expect(passed.status == 200)
            let seen = EchoApplication.seen(passed.body)
            #expect(seen["path"] == "/reports/2024")
            #expect(seen["X-Latchkey-User"] == "alice")
            let me = try await stack.proxy.get("/v1/me", token: token)
            #expect(me.status == 200 && me.body.contains(#""username":"alice""#))
            #expect(try await stack.proxy.get("/login", token: nil).body.contains("<form"))
            // The account page and the pages' script are latchkey-server's too.
            #expect(try await stack.proxy.get("/account", token: nil).status == 303)
            #expect(try await stack.proxy.get("/assets/passkeys.js", token: nil).body.contains("passkey-sign-in"))
            // So is the OpenID Connect provider: its discovery document and its endpoints.
            let discovery = try await stack.proxy.get("/.well-known/openid-configuration", token: nil)
            #expect(discovery.status == 200 && discovery.body.contains(#""issuer":"http://localhost:8000""#))
            #expect(try await stack.proxy.get("/oauth2/jwks", token: nil).body.contains(#""keys":["#))
            // The register form posts to /register: latchkey-server's, not the application's.
            let register = try await stack.proxy.request("POST", "/register", token: token)
            #expect(EchoApplication.seen(register.body)["path"] == nil && register.body.contains("<form"))
            // latchkey-server's metrics stay off the public side: the path is the application's.
            #expect(
                EchoApplication.seen(try await stack.proxy.get("/metrics", token: token).body)["path"] == "/metrics")
        }
    }

    @Test("/admin/ in any case is 403 without the role admin, and 200 with it", arguments: ShippedProxy.allCases)
    func theAdminPathNeedsTheRoleAdmin(proxy: ShippedProxy) async throws {
        try await ShippedExamples.withServers { stack in
            let token = try await stack.signedIn("alice")
            let running = try proxy.start(home: stack.folder)
            defer { proxy.stop(running) }

            #expect(try await stack.proxy.get("/admin/panel", token: nil).status == 401)
            let refused = try await stack.proxy.get("/admin/panel", token: token)
            #expect(refused.status == 403)
            #expect(refused.body.contains(#""forbidden""#))
            // An application that routes without regard to case would serve these as /admin.
            for path in ["/ADMIN/panel", "/Admin"] {
                #expect(try await stack.proxy.get(path, token: token).status == 403, "\(path)")
            }
            Operator.grant(["admin"], to: "alice", in: stack.server.workers)
            let allowed = try await stack.proxy.get("/admin/panel", token: token)
            #expect(allowed.status == 200)
            #expect(EchoApplication.seen(allowed.body)["X-Latchkey-Roles"] == "admin")
        }
    }

    @Test(
        "A client's own X-Latchkey-* and forwarding headers reach neither the application nor latchkey-server as sent",
        arguments: ShippedProxy.allCases)
    func aClientsOwnIdentityAndForwardingHeadersNeverGetThrough(proxy: ShippedProxy) async throws {
        try await ShippedExamples.withServers { stack in
            let token = try await stack.signedIn("alice")
            let running = try proxy.start(home: stack.folder)
            defer { proxy.stop(running) }
            let forged = [
                "X-Latchkey-User": "root", "X-Latchkey-Roles": "admin", "X-Latchkey-Session": "forged",
                "X-Latchkey-Credential": "session", "X-Forwarded-For": Self.spoofed,
                "Forwarded": "for=\(Self.spoofed)", "X-Real-IP": Self.spoofed,
            ]

            #expect(try await stack.proxy.get("/reports", token: nil, headers: forged).status == 401)
            #expect(try await stack.proxy.get("/admin/panel", token: token, headers: forged).status == 403)
            let passed = try await stack.proxy.get("/reports", token: token, headers: forged)
            #expect(passed.status == 200)
            // What the application saw: the user latchkey-server named, curl's own address, and none
            // of the rest. alice holds no role: an empty roles header (Caddy) or none (nginx sends no
            // empty value).
            var seen = EchoApplication.seen(passed.body)
            #expect(seen.removeValue(forKey: "X-Latchkey-Roles") ?? "" == "")
            #expect(seen == ["path": "/reports", "X-Latchkey-User": "alice", "X-Forwarded-For": "127.0.0.1"])

            // What latchkey-server saw: the address a session is opened from is curl's, as the proxy
            // saw it, never the one the client wrote.
            let login = try await stack.proxy.request(
                "POST", "/v1/login", token: nil, headers: forged.merging(["Content-Type": "application/json"]) { $1 },
                body: #"{"username": "alice", "password": "\#(TestServer.password)"}"#)
            #expect(login.status == 200)
            let sessions = try await stack.proxy.request("GET", "/v1/sessions", token: token, headers: forged)
            #expect(sessions.status == 200)
            let listed = try JSONSerialization.jsonObject(with: Data(sessions.body.utf8)) as? [String: Any]
            let addresses = (listed?["sessions"] as? [[String: Any]] ?? []).compactMap { $0["address"] as? String }
            #expect(addresses.contains("127.0.0.1"))
            #expect(!addresses.contains(Self.spoofed))
        }
    }
}
