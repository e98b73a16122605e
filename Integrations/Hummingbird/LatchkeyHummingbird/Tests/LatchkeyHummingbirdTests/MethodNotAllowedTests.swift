import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import Testing

@testable import LatchkeyTestSupport

/// A `/v1` path asked with a method it does not take answers 405 with Allow and the one error
/// object; a path that does not exist stays a 404.
@Suite struct MethodNotAllowedTests {
    let server: TestServer

    init() throws { server = try TestServer() }

    @Test("a /v1 path asked with another method answers 405, Allow and the error object")
    func anotherMethodIs405() async throws {
        try await server.test { client in
            for (method, uri, allow) in [
                (HTTPRequest.Method.trace, "/v1/me", "GET, PATCH"), (.put, "/v1/login", "POST"),
                (.get, "/v1/sessions/abc", "DELETE"), (.delete, "/v1/tokens", "GET, POST"),
                (.head, "/v1/logout", "POST"), (.options, "/v1/auth", "GET"),
                (HTTPRequest.Method("QUERY")!, "/v1/history", "GET"),
            ] {
                let response = try await client.execute(uri: uri, method: method)
                #expect(response.status == .methodNotAllowed, "\(method) \(uri)")
                #expect(response.headers[.allow] == allow, "\(method) \(uri)")
                if method != .head {
                    #expect(try errorCode(response) == "invalid_input", "\(method) \(uri)")
                    #expect(try (object(response)["error"] as? [String: Any])?["status"] as? Int == 405)
                }
            }
        }
    }

    @Test("a /v1 path that does not exist stays a 404")
    func unknownPathsAre404() async throws {
        try await server.test { client in
            let unknown = try await client.execute(uri: "/v1/nothing-here", method: .get)
            #expect(unknown.status == .notFound)
        }
    }
}
