import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import LatchkeyHummingbird
import NIOCore
import Testing

@testable import LatchkeyTestSupport

/// The cookie's cross-origin rule and the sign-in page, at the HTTP level (the real browser test
/// drives the same page in Chromium).
@Suite(.onEveryEngine, .tags(.postgres)) struct BrowserRouteTests {
    let server: TestServer

    // The router test framework sends no Host: the public origin is what an Origin header must name.
    init() throws {
        server = try TestServer(options: LatchkeyHTTPOptions(publicOrigin: "http://localhost", registration: .open))
    }

    private func cookie(_ client: any TestClientProtocol) async throws -> String {
        _ = try await client.signedIn("alice")
        let login = try await client.post(
            "/v1/login", #"{"username": "alice", "password": "\#(TestServer.password)", "cookie": true}"#)
        return String(try #require(login.headers[.setCookie]).split(separator: ";")[0])
    }

    @Test(arguments: [
        ("Sec-Fetch-Site", "cross-site", false), ("Sec-Fetch-Site", "same-site", false),
        ("Sec-Fetch-Site", "same-origin", true), ("Origin", "https://evil.example", false),
        ("Origin", "http://localhost", true),
    ])
    func anUnsafeRequestWithTheCookieMustComeFromThisOrigin(_ header: String, _ value: String, _ allowed: Bool)
        async throws
    {
        try await server.test { client in
            var headers = HTTPFields()
            headers[.cookie] = try await cookie(client)
            headers[HTTPField.Name(header)!] = value
            let response = try await client.execute(uri: "/v1/logout", method: .post, headers: headers)
            #expect(response.status == (allowed ? .ok : .forbidden))
            if !allowed { #expect(try errorCode(response) == "forbidden") }
        }
    }

    @Test func aBearerRequestNeedsNoOriginCheck() async throws {
        try await server.test { client in
            let token = try await client.signedIn("alice")
            var headers = HTTPFields()
            headers[.authorization] = "Bearer \(token)"
            headers[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            #expect(try await client.execute(uri: "/v1/logout", method: .post, headers: headers).status == .ok)
        }
    }

    @Test func theSignInPageSignsInSetsTheCookieAndGoesToNext() async throws {
        try await server.test { client in
            _ = try await client.signedIn("alice")
            let page = try await client.get("/login?next=/app/hello")
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains(#"<form method="post" action="/login">"#))
            #expect(html.contains(#"value="/app/hello""#))
            #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)

            var headers = HTTPFields()
            headers[.contentType] = "application/x-www-form-urlencoded"
            let form = "username=alice&password=correct+horse+battery+staple&next=%2Fapp%2Fhello"
            let posted = try await client.execute(
                uri: "/login", method: .post, headers: headers, body: ByteBuffer(string: form))
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "/app/hello")
            let cookie = String(try #require(posted.headers[.setCookie]).split(separator: ";")[0])
            var withCookie = HTTPFields()
            withCookie[.cookie] = cookie
            #expect(String(buffer: try await client.get("/app/hello", headers: withCookie).body) == "hello alice")

            let wrong = try await client.execute(
                uri: "/login", method: .post, headers: headers,
                body: ByteBuffer(string: "username=alice&password=nope+nope+nope&next=%2F"))
            #expect(wrong.status == .unauthorized)
            #expect(String(buffer: wrong.body).contains("Invalid username or password."))
            #expect(!String(buffer: wrong.body).contains("nope nope"))
        }
    }

    @Test(arguments: [
        "//evil.example", "https://evil.example/", "/\\evil.example", "/ok\u{7}", "evil", "/%0d%0aSet-Cookie:x",
    ])
    func nextNeverLeavesThisOrigin(_ next: String) async throws {
        try await server.test { client in
            _ = try await client.signedIn("alice")
            var headers = HTTPFields()
            headers[.contentType] = "application/x-www-form-urlencoded"
            let encoded = next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let posted = try await client.execute(
                uri: "/login", method: .post, headers: headers,
                body: ByteBuffer(string: "username=alice&password=correct+horse+battery+staple&next=\(encoded)"))
            #expect(posted.status == .seeOther)
            let location = posted.headers[.location] ?? ""
            #expect(
                location == "/" || (location.hasPrefix("/") && !location.hasPrefix("//") && !location.contains("\\")))
            #expect(!location.contains("evil"))
        }
    }

    @Test func aCrossOriginFormPostIsRefused() async throws {
        try await server.test { client in
            _ = try await client.signedIn("alice")
            var headers = HTTPFields()
            headers[.contentType] = "application/x-www-form-urlencoded"
            headers[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            let posted = try await client.execute(
                uri: "/login", method: .post, headers: headers,
                body: ByteBuffer(string: "username=alice&password=correct+horse+battery+staple&next=%2F"))
            #expect(posted.status == .forbidden)
            #expect(posted.headers[.setCookie] == nil)
        }
    }
}
