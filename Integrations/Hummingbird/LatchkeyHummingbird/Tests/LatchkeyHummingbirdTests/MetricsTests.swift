import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import LatchkeyHummingbird
import NIOCore
import Testing

@testable import LatchkeyTestSupport

/// `GET /metrics`: sign-ins by outcome, throttled and overloaded answers, the hashing lane's load;
/// and a full hashing queue answered over HTTP as 503 with Retry-After.
@Suite(.onEveryEngine, .tags(.postgres)) struct MetricsTests {
    @Test func signInsAreCountedByStepAndOutcomeAndThrottlingIsCounted() async throws {
        let server = try TestServer()
        try await server.test { client in
            _ = try await client.signedIn("alice")
            for _ in 0..<5 {
                let wrong = try await client.post("/v1/login", #"{"username": "alice", "password": "not it at all"}"#)
                #expect(wrong.status == .unauthorized)
            }
            let locked = try await client.post("/v1/login", #"{"username": "alice", "password": "not it at all"}"#)
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers[.retryAfter] != nil)

            let scrape = try await client.get("/metrics")
            #expect(scrape.status == .ok)
            #expect(scrape.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let metrics = Scrape(scrape)
            #expect(metrics.value("latchkey_sign_ins_total", ["step=\"password\"", "outcome=\"signed_in\""]) == 1)
            #expect(
                metrics.value("latchkey_sign_ins_total", ["step=\"password\"", "outcome=\"invalid_credentials\""]) == 5)
            #expect(metrics.value("latchkey_sign_ins_total", ["step=\"password\"", "outcome=\"throttled\""]) == 1)
            #expect(metrics.value("latchkey_throttled_total") == 1)
            #expect(metrics.value("latchkey_overloaded_total") == 0)
            #expect(metrics.value("latchkey_hashing_queue_depth") == 0)
            #expect(metrics.text.contains("# HELP latchkey_sign_ins_total "))
        }
    }

    @Test func aFullHashingQueueIsA503WithRetryAfterAndTheGaugesShowIt() async throws {
        let gated = GatedHasher()
        let server = try TestServer(
            hasher: gated, lanes: .init(hashingThreads: 1, hashingQueueDepth: 1, databaseThreads: 2))
        try await server.test { client in
            let registered = try await client.post(
                "/v1/register", #"{"username": "alice", "password": "\#(TestServer.password)"}"#)
            #expect(registered.status == .created)
            let login = #"{"username": "alice", "password": "\#(TestServer.password)"}"#
            // One sign-in holds the only hashing thread, a second waits in the queue of one.
            let held = Task { try await client.post("/v1/login", login).status }
            try await offThePool { gated.waitUntilHeld() }
            let queued = Task { try await client.post("/v1/login", login).status }
            let limit = ContinuousClock.now + .seconds(10)
            while server.service.signInsWaiting < 1 && ContinuousClock.now < limit { await Task.yield() }

            let refused = try await client.post("/v1/login", login)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.retryAfter] == "1")
            #expect(try errorCode(refused) == "overloaded")

            let metrics = Scrape(try await client.get("/metrics"))
            #expect(metrics.value("latchkey_hashing_queue_depth") == 1)
            #expect(metrics.value("latchkey_hashing_in_progress") == 1)
            #expect(metrics.value("latchkey_overloaded_total") == 1)
            #expect(metrics.value("latchkey_sign_ins_total", ["outcome=\"overloaded\""]) == 1)

            gated.open()
            #expect(try await held.value == .ok)
            #expect(try await queued.value == .ok)
            let after = Scrape(try await client.get("/metrics"))
            #expect(after.value("latchkey_hashing_queue_depth") == 0)
            #expect(after.value("latchkey_sign_ins_total", ["outcome=\"signed_in\""]) == 2)
        }
    }
}

/// A Prometheus text exposition, read by metric name and label fragments.
struct Scrape {
    let text: String

    init(_ response: TestResponse) { text = String(buffer: response.body) }

    /// The value of the sample named `name` whose labels contain every fragment of `labels`.
    func value(_ name: String, _ labels: [String] = []) -> Double? {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            let series = line[..<space]
            let base = series.prefix { $0 != "{" }
            guard base == name, labels.allSatisfy({ series.contains($0) }) else { continue }
            return Double(line[line.index(after: space)...])
        }
        return nil
    }
}
