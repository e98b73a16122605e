internal import CSodium
internal import Foundation

/// The client data a browser collected for a ceremony (WebAuthn §5.8.1), parsed from
/// clientDataJSON, with the checks every ceremony makes of it.
package struct CollectedClientData: Sendable {
    /// Which ceremony the client data belongs to.
    package enum Ceremony: String, Sendable {
        case create = "webauthn.create"
        case get = "webauthn.get"
    }

    package let type: String
    package let challenge: [UInt8]
    package let origin: String
    package let crossOrigin: Bool
    package let topOrigin: String?

    private struct Wire: Decodable {
        let type: String
        let challenge: String
        let origin: String
        let crossOrigin: Bool?
        let topOrigin: String?
    }

    package init(json: [UInt8]) throws(PasskeyError) {
        let wire: Wire
        do { wire = try JSONDecoder().decode(Wire.self, from: Data(json)) } catch {
            throw .malformed("client data is not the expected JSON")
        }
        guard let challenge = Base64.decodeURLSafe(wire.challenge) else {
            throw .malformed("client data challenge is not base64url")
        }
        type = wire.type
        self.challenge = challenge
        origin = wire.origin
        crossOrigin = wire.crossOrigin ?? false
        topOrigin = wire.topOrigin
    }

    /// Checks the ceremony, the challenge (in constant time), the origin and that the ceremony did
    /// not run in a cross-origin frame; `topOrigin` only matters there, so it is not looked at.
    package func verify(
        ceremony: Ceremony, challenge expected: [UInt8], allowedOrigins: [String]
    ) throws(PasskeyError) {
        guard type == ceremony.rawValue else { throw .wrongCeremony }
        guard challenge.count == expected.count, !expected.isEmpty,
            sodium_memcmp(challenge, expected, expected.count) == 0
        else { throw .challengeMismatch }
        guard allowedOrigins.contains(origin) else { throw .originNotAllowed }
        guard !crossOrigin else { throw .crossOriginRefused }
    }
}
