import Crypto
import Foundation
import JWTKit
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A provider on the test's engine with a hand-moved clock: clients added as the operator, people
/// signed in, and the authorization code flow driven through the service as a browser and a client
/// would.
struct ProviderHarness {
    static let issuer = "https://auth.example.com"
    static let redirect = "https://app.example.com/cb"

    let time = ManualTime()
    let workers: LatchkeyWorkers
    let service: LatchkeyService

    init(policy: SecurityPolicy = SecurityPolicy()) throws {
        var workers = try Seeds.workers(time: time, policy: policy)
        workers.issuer = Self.issuer
        self.workers = workers
        service = LatchkeyService(workers: workers)
    }

    struct Client {
        let id: String
        let secret: String?
    }

    /// Adds a client as the operator.
    func client(
        _ name: String, isPublic: Bool = false, firstParty: Bool = true,
        scopes: [String] = ["profile", "email", "roles"]
    ) throws -> Client {
        let spy = ClientsPresentationLogicSpy()
        ClientsInteractor(presenter: spy, workers: workers).add(
            request: .init(
                name: name, redirectURIs: [Self.redirect], postLogoutRedirectURIs: ["https://app.example.com/bye"],
                scopes: scopes, isPublic: isPublic, isFirstParty: firstParty,
                authority: .operator(AuthEvent.Operator(osUser: "root"))))
        guard case .added(let client, let secret) = spy.responses.last else {
            throw HarnessFailure(what: "client not added: \(String(describing: spy.responses.last))")
        }
        return Client(id: client.clientID, secret: secret?.secret)
    }

    /// A PKCE verifier and its S256 challenge.
    static func pkce() -> (verifier: String, challenge: String) {
        let verifier = Base64.urlSafe(RandomBytes.make(32))
        return (verifier, Base64.urlSafe(SHA256Digest.hash(Array(verifier.utf8))))
    }

    /// The authorization request's parameters for `client`, with `extra` added.
    static func parameters(
        _ client: Client, challenge: String?, nonce: String? = "n-1", extra: [(String, String)] = []
    ) -> [QueryParameter] {
        var pairs = [
            ("response_type", "code"), ("client_id", client.id), ("redirect_uri", redirect),
            ("scope", "openid profile email roles"), ("state", "s-1"),
        ]
        if let nonce { pairs.append(("nonce", nonce)) }
        if let challenge { pairs += [("code_challenge", challenge), ("code_challenge_method", "S256")] }
        return (pairs + extra).map { QueryParameter($0.0, $0.1) }
    }

    /// The query of a redirect's location, as a dictionary.
    static func query(_ location: String) -> [String: String] {
        let items = URLComponents(string: location)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// Signs `session` in (with `consent` answered when the client asks), and answers the code.
    func code(
        _ client: Client, session: String, challenge: String?, nonce: String? = "n-1", consent: Bool = false
    ) async throws -> String {
        let parameters = Self.parameters(client, challenge: challenge, nonce: nonce)
        let outcome = await service.authorize(
            parameters: parameters, sessionToken: session, decision: consent ? .allow : nil)
        guard case .redirect(let location) = outcome, let code = Self.query(location)["code"] else {
            throw HarnessFailure(what: "no code: \(outcome)")
        }
        return code
    }

    /// Exchanges `code` at the token endpoint.
    func exchange(
        _ code: String, _ client: Client, verifier: String?, redirect: String = redirect
    ) async throws(OpenIDError) -> TokenSet {
        var form = ["grant_type": "authorization_code", "code": code, "redirect_uri": redirect]
        form["code_verifier"] = verifier
        return try await service.exchangeToken(form: form, clientID: client.id, clientSecret: client.secret)
    }

    func refresh(_ token: String, _ client: Client) async throws(OpenIDError) -> TokenSet {
        try await service.exchangeToken(
            form: ["grant_type": "refresh_token", "refresh_token": token], clientID: client.id,
            clientSecret: client.secret)
    }

    /// The OAuth error code `body` throws, or nil when it succeeds.
    static func refusal(_ body: () async throws(OpenIDError) -> some Any) async -> String? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error.error
        }
    }

    /// The ID token's claims, its signature checked with the published keys by jwt-kit.
    func verifiedIDToken(_ token: String) async throws -> IDTokenClaims {
        let keys = JWTKeyCollection()
        try await keys.add(jwksJSON: try await service.publishedKeys().json)
        return try await keys.verify(token, as: IDTokenClaims.self)
    }

    struct HarnessFailure: Error {
        let what: String
    }
}
