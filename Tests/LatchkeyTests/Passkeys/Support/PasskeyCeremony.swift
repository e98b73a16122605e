import Foundation
import Testing

@testable import Latchkey

/// The two passkey ceremonies through a service, as a browser would run them with a software
/// authenticator: for suites that need a passkey enrolled, or a passkey sign-in, along the way.
struct PasskeyCeremony {
    let service: LatchkeyService

    /// Workers with the software authenticator's relying party, so passkeys are on.
    static func enable(_ workers: LatchkeyWorkers) -> LatchkeyWorkers {
        var workers = workers
        workers.relyingParty = RelyingParty(id: TestAuthenticator.rpID, origins: [TestAuthenticator.origin])
        return workers
    }

    /// Enrols `authenticator` for the user of `token`; answers the user handle.
    @discardableResult
    func enrol(_ authenticator: TestAuthenticator, token: String, name: String = "Laptop", flags: UInt8 = 0x05)
        async throws -> [UInt8]
    {
        let options = try await service.passkeyCreationOptions(token: token)
        let challenge = try #require(Base64.decodeURLSafe(options.challenge))
        let response = try authenticator.registration(
            challenge: challenge, authData: try authenticator.authenticatorData(flags: flags, attested: true))
        let body = try JSONSerialization.data(withJSONObject: [
            "id": response.id, "rawId": response.rawId, "type": response.type,
            "response": [
                "clientDataJSON": response.response.clientDataJSON,
                "attestationObject": response.response.attestationObject, "transports": ["internal"],
            ],
        ])
        _ = try await service.registerPasskey(token: token, response: body, name: name)
        return try #require(Base64.decodeURLSafe(options.user.id))
    }

    /// A passwordless sign-in with `authenticator`, its counter at `signCount`; `flags` user present
    /// and verified unless told (0x01: present only).
    func signIn(_ authenticator: TestAuthenticator, handle: [UInt8], signCount: UInt32 = 1, flags: UInt8 = 0x05)
        async throws -> SignInResult
    {
        let options = try await service.passkeyRequestOptions()
        let challenge = try #require(Base64.decodeURLSafe(options.challenge))
        let assertion = try authenticator.assertion(
            challenge: challenge, authData: try authenticator.authenticatorData(flags: flags, signCount: signCount),
            userHandle: handle)
        var inner: [String: Any] = [
            "clientDataJSON": assertion.response.clientDataJSON,
            "authenticatorData": assertion.response.authenticatorData, "signature": assertion.response.signature,
        ]
        inner["userHandle"] = assertion.response.userHandle
        let body = try JSONSerialization.data(withJSONObject: [
            "id": assertion.id, "rawId": assertion.rawId, "type": assertion.type, "response": inner,
        ])
        return try await service.signInWithPasskey(response: body)
    }
}
