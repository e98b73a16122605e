import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import LatchkeyHummingbird
import NIOCore
import Testing

@testable import LatchkeyTestSupport

/// Header values no browser sends, written byte for byte to a live server.
@Suite struct HostileHeaderTests {
    /// Control characters are refused by SwiftNIO's HTTP parser before any route runs: 400 with an
    /// empty body (Hummingbird's answer to a parser error, not Latchkey's), the connection closed,
    /// nothing written, and the server goes on answering.
    @Test func controlCharactersInHeadersAre400BeforeAnyRouteAndWriteNothing() async throws {
        let server = try TestServer()
        try await server.application(port: 0).test(.live) { client in
            let port = try #require(client.port)
            let token = try await client.signedIn("alice")
            let eventsBefore = try await historyCount(client, token)
            let login = #"{"username":"alice","password":"\#(TestServer.password)"}"#
            for (name, value) in [
                ("Authorization", "Bearer \(token)\u{1b}[2J"), ("Authorization", "Bearer \u{1}\u{7f}"),
                ("Cookie", "__Host-latchkey=\u{7f}\u{1}\(token)"), ("User-Agent", "evil\u{1b}[31mred"),
                ("X-Forwarded-For", "\u{1}192.0.2.1"), ("Authorization", "Bearer \(token)\u{0}"),
            ] {
                let head =
                    "POST /v1/login HTTP/1.1\r\nHost: localhost\r\n\(name): \(value)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(login.utf8.count)\r\n"
                let answer = try await RawHTTP.exchange(port: port, Array(head.utf8), body: Array(login.utf8))
                #expect(answer.status == 400, "\(name)")
                #expect(!answer.body.contains(token))
            }
            #expect(try await client.get("/health").status == .ok)
            #expect(try await client.get("/v1/me", token: token).status == .ok)
            #expect(try await historyCount(client, token) == eventsBefore)
        }
    }

    /// Bytes a parser must pass (obs-text) reach the routes; bidi and invisible code points in the
    /// user agent are dropped before it is stored.
    @Test func aUserAgentWithBidiOverridesIsStoredWithoutThem() async throws {
        let server = try TestServer()
        // Live: the router test framework has no peer address, and without one no client context.
        try await server.application(port: 0).test(.live) { client in
            _ = try await client.signedIn("alice")
            var headers = HTTPFields()
            headers[.userAgent] = "Mozilla\u{202E}txt.exe\u{200B} 5.0"
            let login = try await client.post(
                "/v1/login", #"{"username":"alice","password":"\#(TestServer.password)"}"#, headers: headers)
            #expect(login.status == .ok)
            let token = try #require(try object(login)["token"] as? String)
            let listed = try await client.get("/v1/sessions", token: token)
            let sessions = try #require(try object(listed)["sessions"] as? [[String: Any]])
            let agents = sessions.compactMap { $0["user_agent"] as? String }
            #expect(agents.contains("Mozillatxt.exe 5.0"))
            #expect(!agents.joined().unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x200B })
        }
    }

    /// Behind a trusted proxy, a forwarded hop with a port is the client at that address, and one
    /// that is no address at all is a 400 that signs nobody in: never the proxy's own address.
    @Test func aForwardedHopWithAPortIsItsAddressAndAnUnusableOneIs400() async throws {
        let server = try TestServer(
            options: LatchkeyHTTPOptions(trustedProxies: [AddressRange("127.0.0.1")!], registration: .open))
        try await server.application(port: 0).test(.live) { client in
            _ = try await client.signedIn("alice")
            let body = #"{"username":"alice","password":"\#(TestServer.password)"}"#
            var headers = HTTPFields()
            headers[HTTPField.Name("X-Forwarded-For")!] = "198.51.100.7:4711"
            let login = try await client.post("/v1/login", body, headers: headers)
            #expect(login.status == .ok)
            let token = try #require(try object(login)["token"] as? String)
            let listed = try await client.get("/v1/sessions", token: token, headers: headers)
            let sessions = try #require(try object(listed)["sessions"] as? [[String: Any]])
            // The first session was opened by signedIn, from the socket's own address.
            #expect(sessions.compactMap { $0["address"] as? String }.sorted() == ["127.0.0.1", "198.51.100.7"])
            for hop in ["unknown", "_hidden", "[2001:db8::1", "1.2.3.4:http"] {
                headers[HTTPField.Name("X-Forwarded-For")!] = hop
                let refused = try await client.post("/v1/login", body, headers: headers)
                #expect(refused.status == .badRequest, "\(hop)")
                #expect(try errorCode(refused) == "invalid_input")
            }
            let after = try await client.get("/v1/sessions", token: token)
            #expect(try #require(try object(after)["sessions"] as? [Any]).count == 2, "a refused hop signed in")
        }
    }

    /// A JSON route reads only a body declared `application/json`: a browser sends that cross-site
    /// only after a preflight, so a form or `text/plain` post from another site registers nothing.
    @Test func aBodyNotDeclaredJSONIs415AndDoesNothing() async throws {
        let server = try TestServer()
        try await server.test { client in
            let body = ByteBuffer(string: #"{"username":"mallory","password":"\#(TestServer.password)"}"#)
            for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", nil] {
                var headers = HTTPFields()
                headers[.contentType] = type
                headers[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
                let answer = try await client.execute(uri: "/v1/register", method: .post, headers: headers, body: body)
                #expect(answer.status == .unsupportedMediaType, "\(type ?? "none")")
                #expect(try errorCode(answer) == "invalid_input")
            }
            let login = ByteBuffer(string: #"{"username":"mallory","password":"\#(TestServer.password)"}"#)
            let declared = try await client.execute(
                uri: "/v1/login", method: .post, headers: [.contentType: "Application/JSON; charset=utf-8"], body: login
            )
            #expect(declared.status == .unauthorized, "mallory was registered by a body not declared JSON")
        }
    }

    private func historyCount(_ client: some TestClientProtocol, _ token: String) async throws -> Int {
        let history = try await client.get("/v1/history", token: token)
        return try #require(try object(history)["events"] as? [Any]).count
    }
}
