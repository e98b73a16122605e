import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A ceremony's challenge expires with the policy's `passkeyChallengeLifetime`: a response that
/// comes later is refused, and nothing is stored, on both engines.
@Suite(.onEveryEngine, .tags(.postgres)) struct PasskeyChallengeExpiryTests {
    let time = ManualTime()
    let service: LatchkeyService
    let lifetime: Duration

    init() throws {
        var workers = try Seeds.workers(time: time)
        workers.relyingParty = RelyingParty(id: TestAuthenticator.rpID, origins: [TestAuthenticator.origin])
        lifetime = workers.policy.passkeyChallengeLifetime
        service = LatchkeyService(workers: workers)
    }

    private func json(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object) }

    private func registered(_ authenticator: TestAuthenticator, token: String) async throws -> [UInt8] {
        let options = try await service.passkeyCreationOptions(token: token)
        let response = try authenticator.registration(challenge: try #require(Base64.decodeURLSafe(options.challenge)))
        let body = try json([
            "id": response.id, "rawId": response.rawId, "type": response.type,
            "response": [
                "clientDataJSON": response.response.clientDataJSON,
                "attestationObject": response.response.attestationObject,
            ],
        ])
        _ = try await service.registerPasskey(token: token, response: body, name: "Laptop")
        return try #require(Base64.decodeURLSafe(options.user.id))
    }

    @Test("a sign-in answered after its challenge expired is a wrong credential, and a fresh one signs in")
    func anExpiredSignInChallengeIsRefused() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password)
        let token = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        let authenticator = try TestAuthenticator(.es256)
        let handle = try await registered(authenticator, token: token)

        func assertion() async throws -> Data {
            let options = try await service.passkeyRequestOptions()
            let challenge = try #require(Base64.decodeURLSafe(options.challenge))
            let response = try authenticator.assertion(challenge: challenge, userHandle: handle)
            return try json([
                "id": response.id, "rawId": response.rawId, "type": response.type,
                "response": [
                    "clientDataJSON": response.response.clientDataJSON,
                    "authenticatorData": response.response.authenticatorData,
                    "signature": response.response.signature, "userHandle": response.response.userHandle ?? "",
                ],
            ])
        }
        let late = try await assertion()
        time.advance(by: lifetime)
        #expect(await errorCode { try await service.signInWithPasskey(response: late) } == .invalidCredentials)
        #expect(try await service.passkeys(token: token)[0].lastUsed == nil)
        #expect(try await service.signInWithPasskey(response: try await assertion()).status == .signedIn)
    }

    @Test("a registration answered after its challenge expired is refused and stores no passkey")
    func anExpiredEnrolmentChallengeIsRefused() async throws {
        _ = try await service.register(username: "alice", password: Seeds.password)
        let token = try #require(try await service.signIn(username: "alice", password: Seeds.password).token)
        let options = try await service.passkeyCreationOptions(token: token)
        let response = try TestAuthenticator(.es256).registration(
            challenge: try #require(Base64.decodeURLSafe(options.challenge)))
        let body = try json([
            "id": response.id, "rawId": response.rawId, "type": response.type,
            "response": [
                "clientDataJSON": response.response.clientDataJSON,
                "attestationObject": response.response.attestationObject,
            ],
        ])
        time.advance(by: lifetime)
        #expect(
            await errorCode { try await service.registerPasskey(token: token, response: body, name: "Late") }
                == .invalidInput)
        #expect(try await service.passkeys(token: token).isEmpty)
    }
}
