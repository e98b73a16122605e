import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// A relying party's side of the authorization code flow against a `TestServer` with an issuer:
/// its client, the authorization request, and the token endpoint's form and client authentication.
struct OpenIDTestFlow {
    static let redirect = "https://app.example.com/cb"
    let server: TestServer

    /// A client added by an administrator; its ID and secret.
    func client(_ http: any TestClientProtocol, firstParty: Bool = true) async throws -> (String, String) {
        let admin = try await http.signedIn("root")
        Operator.grant(["admin"], to: "root", in: server.workers)
        let added = try await http.send(
            .post, "/v1/admin/oidc-clients",
            #"{"name": "App", "redirect_uris": ["\#(Self.redirect)"], "scopes": ["profile"], "first_party": \#(firstParty), "post_logout_redirect_uris": ["https://app.example.com/bye"]}"#,
            token: admin)
        #expect(added.status == .created)
        let body = try object(added)
        let id = try #require((body["client"] as? [String: Any])?["client_id"] as? String)
        return (id, try #require(body["client_secret"] as? String))
    }

    func authorizePath(_ clientID: String, challenge: String) -> String {
        "/oauth2/authorize?response_type=code&client_id=\(clientID)&redirect_uri="
            + "https%3A%2F%2Fapp.example.com%2Fcb&scope=openid%20profile&state=st&code_challenge=\(challenge)"
            + "&code_challenge_method=S256&login_hint=alice"
    }

    /// The `code` of the client's redirect after `path` (an authorization request) with `cookie`.
    func code(after path: String, cookie: String, _ http: any TestClientProtocol) async throws -> String {
        let back = try await http.get(path, headers: [.cookie: cookie])
        let location = try #require(back.headers[.location])
        #expect(location.hasPrefix(Self.redirect + "?code=lkoc_") && location.contains("&state=st&iss="))
        return try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
    }

    /// The token endpoint's answer to `code`, the client authenticating with HTTP Basic.
    func tokens(for code: String, verifier: String, client: (String, String), _ http: any TestClientProtocol)
        async throws -> TestResponse
    {
        let (headers, body) = Self.form(
            [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.redirect),
                ("code_verifier", verifier),
            ], headers: [.authorization: Self.basic(client.0, client.1)])
        return try await http.execute(uri: "/oauth2/token", method: .post, headers: headers, body: body)
    }

    static func form(_ fields: [(String, String)], headers: HTTPFields = [:]) -> (HTTPFields, ByteBuffer) {
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        let body = fields.map {
            "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        }.joined(separator: "&")
        return (headers, ByteBuffer(string: body))
    }

    static func pkce() -> (String, String) {
        let verifier = Base64.urlSafe(RandomBytes.make(32))
        return (verifier, Base64.urlSafe(SHA256Digest.hash(Array(verifier.utf8))))
    }

    static func basic(_ id: String, _ secret: String) -> String {
        "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString()
    }

    /// The claims of a compact JWT, read without checking its signature (the scenes' tests do that).
    static func claims(_ jwt: String) throws -> [String: Any] {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        try #require(parts.count == 3)
        var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        let data = try #require(Data(base64Encoded: payload))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
