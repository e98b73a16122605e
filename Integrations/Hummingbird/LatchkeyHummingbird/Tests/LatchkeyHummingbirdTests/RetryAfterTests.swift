import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import Testing

@testable import LatchkeyTestSupport

/// A throttled answer's Retry-After is the time the lock has left, not a fixed guess.
@Suite(.onEveryEngine, .tags(.postgres)) struct RetryAfterTests {
    let time = ManualTime()
    let policy = SecurityPolicy()
    let server: TestServer

    init() throws { server = try TestServer(policy: policy, time: time) }

    @Test("a locked name's Retry-After is the lock's remaining seconds, and shrinks as time passes")
    func retryAfterIsTheLocksRemainingTime() async throws {
        let (time, policy) = (self.time, self.policy)
        try await server.test { client in
            _ = try await client.signedIn()
            for _ in 0..<policy.maximumFailedLogins {
                let wrong = try await client.post(
                    "/v1/login", #"{"username": "alice", "password": "wrong wrong wrong"}"#)
                #expect(try errorCode(wrong) == "invalid_credentials")
            }
            let right = #"{"username": "alice", "password": "\#(TestServer.password)"}"#
            let locked = try await client.post("/v1/login", right)
            #expect(locked.status == .tooManyRequests)
            #expect(try errorCode(locked) == "throttled")
            #expect(locked.headers[.retryAfter] == String(policy.lockoutDuration.components.seconds))
            time.advance(by: .seconds(100))
            let later = try await client.post("/v1/login", right)
            #expect(later.status == .tooManyRequests)
            #expect(later.headers[.retryAfter] == String(policy.lockoutDuration.components.seconds - 100))
        }
    }

    @Test("a password change refused by the lock says how long the lock has left")
    func aRefusedPasswordChangeSaysTheLocksRemainingTime() async throws {
        let (time, policy) = (self.time, self.policy)
        try await server.test { client in
            let token = try await client.signedIn()
            let wrong = #"{"current": "wrong wrong wrong", "new": "another fine passphrase"}"#
            for _ in 0..<policy.maximumFailedLogins {
                let refused = try await client.send(.post, "/v1/password", wrong, token: token)
                #expect(try errorCode(refused) == "invalid_credentials")
            }
            time.advance(by: .seconds(30))
            let locked = try await client.send(.post, "/v1/password", wrong, token: token)
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers[.retryAfter] == String(policy.lockoutDuration.components.seconds - 30))
        }
    }
}
