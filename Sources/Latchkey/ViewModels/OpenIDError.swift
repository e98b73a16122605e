/// A refusal of the OpenID provider's token, userinfo, revocation or introspection endpoint, in
/// OAuth's terms (RFC 6749 5.2, RFC 6750 3.1): `error` is the registered code, `description` fixed
/// text that never repeats what the request said.
public struct OpenIDError: Error, Sendable, Hashable {
    /// `invalid_request`, `invalid_client`, `invalid_grant`, `unauthorized_client`,
    /// `unsupported_grant_type`, `invalid_scope`, `invalid_token`, `temporarily_unavailable` or
    /// `server_error`.
    public let error: String
    public let description: String

    /// The HTTP status the endpoints answer it with: 401 for a client or token refused, 429 when
    /// throttled (`temporarily_unavailable`), 503 when unavailable, 500 for a failure of Latchkey's own, else 400.
    public var status: Int {
        switch error {
        case "invalid_client", "invalid_token": 401
        case "temporarily_unavailable" where description == Self.throttled.description: 429
        case "temporarily_unavailable": 503
        case "server_error": 500
        default: 400
        }
    }

    /// A refusal with the registered code `error` and fixed text.
    public init(_ error: String, _ description: String) {
        self.error = error
        self.description = description
    }

    static func request(_ description: String) -> OpenIDError { OpenIDError("invalid_request", description) }
    static let client = OpenIDError("invalid_client", "Client authentication failed.")
    static func grant(_ description: String) -> OpenIDError { OpenIDError("invalid_grant", description) }
    static let token = OpenIDError("invalid_token", "The access token is not valid.")
    /// RFC 6749 5.2 names no code for it: `temporarily_unavailable` (its authorization endpoint's)
    /// with 429 says "not now" to every client library.
    static let throttled = OpenIDError(
        "temporarily_unavailable", "Too many failed requests from this address; wait and try again.")

    static func unavailable(_ problem: ServiceProblem) -> OpenIDError {
        let error = LatchkeyError.unavailable(problem)
        return OpenIDError(
            error.code == .internalError ? "server_error" : "temporarily_unavailable", error.message)
    }
}
