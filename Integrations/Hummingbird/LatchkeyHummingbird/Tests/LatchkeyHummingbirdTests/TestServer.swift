import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import LatchkeyHummingbird
import NIOCore
import Testing

@testable import LatchkeyTestSupport

/// A server over a fresh database on the running test's engine (in memory for SQLite, a schema
/// on the throwaway PostgreSQL server) with cheap Argon2id, and small helpers to call it.
struct TestServer {
    let service: LatchkeyService
    /// The Workers the service was made over, for a test to set the database up as an operator would.
    let workers: LatchkeyWorkers
    let options: LatchkeyHTTPOptions
    let metrics = LatchkeyMetrics()
    static let password = "correct horse battery staple"

    init(
        options: LatchkeyHTTPOptions = LatchkeyHTTPOptions(registration: .open),
        policy: SecurityPolicy = SecurityPolicy(),
        hasher: (any PasswordHashing)? = nil, lanes: LatchkeyService.Lanes = LatchkeyService.Lanes(),
        delivery: any MessageDelivery = NoDelivery(), time: ManualTime? = nil, relyingParty: RelyingParty? = nil,
        issuer: String? = nil
    ) throws {
        let hasher = hasher ?? Argon2idHasher(parameters: .cheapestForTests)
        // A clock the test moves comes through the test support (the workers' clock is package
        // access), without a delivery.
        var workers =
            if let time {
                try Seeds.workers(time: time, hasher: hasher, policy: policy)
            } else {
                LatchkeyWorkers(
                    database: try freshDatabase(), hasher: hasher, policy: policy, secret: InstallationSecret(),
                    delivery: delivery)
            }
        workers.relyingParty = relyingParty
        workers.issuer = issuer
        service = LatchkeyService(workers: workers, lanes: lanes)
        self.workers = workers
        self.options = options
    }

    func application(port: Int? = nil) -> some ApplicationProtocol {
        let router = Router(context: LatchkeyRequestContext.self)
        LatchkeyRoutes<LatchkeyRequestContext>(service: service, options: options, metrics: metrics).add(to: router)
        let protected = router.group("/app").add(middleware: LatchkeyAuthenticator(service: service, options: options))
        protected.get("/hello") { _, context in "hello \(context.principal?.username ?? "?")" }
        let admins = router.group("/admin").add(
            middleware: LatchkeyAuthenticator(service: service, options: options, role: "admin"))
        admins.get("/panel") { _, _ in "panel" }
        guard let port else { return Application(router: router) }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
    }

    /// Runs `body` against the application in Hummingbird's router test framework.
    func test(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await application().test(.router, body)
    }
}

/// A JSON object from a response body.
func object(_ response: TestResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
}

/// The one error object's code.
func errorCode(_ response: TestResponse) throws -> String? {
    (try object(response)["error"] as? [String: Any])?["code"] as? String
}

extension TestClientProtocol {
    /// POSTs `json` (text, sent as it is) to `uri`.
    @discardableResult
    func post(_ uri: String, _ json: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = "application/json"
        return try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: json))
    }

    /// Sends `json` with `method` and the bearer `token`.
    func send(_ method: HTTPRequest.Method, _ uri: String, _ json: String, token: String) async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.authorization] = "Bearer \(token)"
        return try await execute(uri: uri, method: method, headers: headers, body: ByteBuffer(string: json))
    }

    func get(_ uri: String, token: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri: uri, method: .get, headers: headers)
    }

    /// Signs `name` in with the cookie; headers that carry that cookie alone, as a browser sends them
    /// from `site` (`Sec-Fetch-Site`).
    func cookieHeaders(_ name: String = "alice", site: String) async throws -> HTTPFields {
        let login = try await post(
            "/v1/login", #"{"username": "\#(name)", "password": "\#(TestServer.password)", "cookie": true}"#)
        var headers = HTTPFields()
        headers[.cookie] = String(try #require(login.headers[.setCookie]).split(separator: ";")[0])
        headers[HTTPField.Name("Sec-Fetch-Site")!] = site
        return headers
    }

    /// Registers `name` and signs in; the bearer token.
    func signedIn(_ name: String = "alice") async throws -> String {
        let registered = try await post(
            "/v1/register", #"{"username": "\#(name)", "password": "\#(TestServer.password)"}"#)
        #expect(registered.status == .created)
        let login = try await post("/v1/login", #"{"username": "\#(name)", "password": "\#(TestServer.password)"}"#)
        #expect(login.status == .ok)
        return try #require(try object(login)["token"] as? String)
    }
}
