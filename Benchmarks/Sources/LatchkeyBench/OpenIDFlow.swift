import Crypto
import Foundation
import Latchkey

/// A confidential, first-party client's side of the authorization code flow, through the service.
struct OpenIDFlow {
    static let issuer = "https://auth.example.com"
    static let redirect = "https://app.example.com/cb"

    let service: LatchkeyService
    let clientID: String
    let secret: String?

    /// A PKCE verifier and its S256 challenge (RFC 7636).
    static func pkce() -> (verifier: String, challenge: String) {
        let verifier = base64URL(Data((0..<32).map { _ in UInt8.random(in: .min ... .max) }))
        return (verifier, base64URL(Data(SHA256.hash(data: Data(verifier.utf8)))))
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The authorize step for the holder of `session`: the code its redirect carries.
    func code(session: String, challenge: String) async throws -> String {
        let parameters = [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", Self.redirect),
            ("scope", "openid profile email roles"), ("state", "s-1"), ("nonce", "n-1"),
            ("code_challenge", challenge), ("code_challenge_method", "S256"),
        ].map { QueryParameter($0.0, $0.1) }
        let outcome = await service.authorize(parameters: parameters, sessionToken: session)
        guard case .redirect(let location) = outcome,
            let code = URLComponents(string: location)?.queryItems?.first(where: { $0.name == "code" })?.value
        else { throw Failure(what: "no code: \(outcome)") }
        return code
    }

    func exchange(_ code: String, verifier: String) async throws -> TokenSet {
        try await service.exchangeToken(
            form: [
                "grant_type": "authorization_code", "code": code, "redirect_uri": Self.redirect,
                "code_verifier": verifier,
            ], clientID: clientID, clientSecret: secret)
    }

    func refresh(_ token: String) async throws -> TokenSet {
        try await service.exchangeToken(
            form: ["grant_type": "refresh_token", "refresh_token": token], clientID: clientID, clientSecret: secret)
    }

    struct Failure: Error {
        let what: String
    }
}
