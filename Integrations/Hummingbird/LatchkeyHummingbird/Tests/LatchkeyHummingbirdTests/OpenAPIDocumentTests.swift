import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import LatchkeyHummingbird
import Testing

@testable import LatchkeyTestSupport

/// The OpenAPI document at `GET /v1/openapi.json`: served, and true to the router and the codes.
@Suite struct OpenAPIDocumentTests {
    let server: TestServer

    init() throws { server = try TestServer() }

    /// The document, as the route answers it.
    func document() async throws -> [String: Any] {
        let body = try await server.application().test(.router) { client in
            let response = try await client.get("/v1/openapi.json")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            return Data(response.body.readableBytesView)
        }
        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    @Test("GET /v1/openapi.json answers 200 with an OpenAPI 3.1 document")
    func theRouteAnswersTheDocument() async throws {
        let document = try await document()
        #expect(document["openapi"] as? String == "3.1.0")
        #expect((document["paths"] as? [String: Any])?.isEmpty == false)
    }

    @Test("every /v1 route on the router is in the document or answers 405, and the document names no other")
    func theDocumentHasEveryRoute() async throws {
        let router = Router(context: LatchkeyRequestContext.self)
        LatchkeyRoutes<LatchkeyRequestContext>(service: server.service, options: server.options).add(to: router)
        let routed = router.routes.filter { $0.path.description.hasPrefix("/v1/") }
        let paths = try #require(try await document()["paths"] as? [String: [String: Any]])
        let documented = Set(
            paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
        let served = Set(routed.map { "\($0.method.rawValue) \($0.path.description)" })
        #expect(documented.count > 20)
        #expect(documented.subtracting(served).sorted() == [], "documented operations with no route")
        // The rest of the router's /v1 routes are the 405 answers to methods a path does not take.
        let undocumented = routed.map { ($0.method, $0.path.description) }
            .filter { !documented.contains("\($0.0.rawValue) \($0.1)") }
        let statuses = try await server.application().test(.router) { client in
            var statuses: [String: HTTPResponse.Status] = [:]
            for (method, path) in undocumented {
                let uri = path.replacingOccurrences(of: "{id}", with: "x")
                statuses["\(method.rawValue) \(path)"] = try await client.execute(uri: uri, method: method).status
            }
            return statuses
        }
        let missing = statuses.filter { $0.value != .methodNotAllowed }.keys.sorted()
        #expect(missing == [], "routes missing from the document")
    }

    @Test("the error object's code lists every LatchkeyError code")
    func theErrorCodesAreLatchkeys() async throws {
        let document = try await document()
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let error = try #require((schemas["Error"] as? [String: Any])?["properties"] as? [String: Any])
        let body = try #require((error["error"] as? [String: Any])?["properties"] as? [String: Any])
        let codes = try #require((body["code"] as? [String: Any])?["enum"] as? [String])
        #expect(codes.sorted() == LatchkeyError.Code.allCases.map(\.rawValue).sorted())
    }
}
