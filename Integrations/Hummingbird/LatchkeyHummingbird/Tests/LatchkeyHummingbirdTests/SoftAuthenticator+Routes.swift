import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import LatchkeyTestSupport

/// The authenticator's ceremonies through the routes, as a browser's script runs them.
extension SoftAuthenticator {
    /// Alice, signed in, enrols this authenticator's passkey named `name`; answers her user handle.
    func enrolled(_ client: some TestClientProtocol, name: String = "Laptop") async throws -> String {
        let token = try await client.signedIn("alice")
        let options = try object(try await client.send(.post, "/v1/passkeys/register/options", "{}", token: token))
        let credential = try registration(options)
        let registered = try await client.send(
            .post, "/v1/passkeys/register", try Self.json(["name": name, "credential": credential]), token: token)
        #expect(registered.status == .created)
        return try #require((options["user"] as? [String: Any])?["id"] as? String)
    }

    /// A passwordless assertion, as the sign-in page's script posts it: the form's `passkey`, and
    /// `next` (percent-encoded here).
    func assertionForm(
        _ client: some TestClientProtocol, handle: String, next: String = "/app/hello", tampered: Bool = false
    ) async throws -> String {
        let options = try object(try await client.post("/v1/passkeys/login/options", "{}"))
        let assertion = try Self.json(try assertion(options, userHandle: handle, tampered: tampered))
        let encoded = assertion.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "passkey=\(encoded)&next=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
    }

    static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
}
