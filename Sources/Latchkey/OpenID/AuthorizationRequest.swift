import Foundation

/// An OpenID Connect authorization request (OpenID Connect Core 3.1.2.1, RFC 6749 4.1.1, PKCE
/// RFC 7636), checked against its client. Where a refusal may go is part of the rule: until the
/// client is known and the redirect URI is exactly one it registered, a refusal is shown to the
/// person and never redirected (else the endpoint is an open redirector); after that, it goes back
/// to the client's redirect URI with `state` and `iss` (RFC 9207).
package struct AuthorizationRequest: Sendable, Hashable {
    package let client: StoredOIDCClient
    /// Exactly as registered (compared as strings, never normalized).
    package let redirectURI: String
    /// `openid` first, each allowed to the client.
    package let scopes: [OIDCScope]
    package let state: String?
    package let nonce: String?
    /// The S256 code challenge (base64url of a SHA-256): required of public clients.
    package let codeChallenge: String?
    package let prompt: Set<Prompt>
    /// The oldest sign-in the client accepts, in seconds.
    package let maxAge: Int?
    package let loginHint: String?

    /// What the client asks of the sign-in (OpenID Connect Core 3.1.2.1).
    package enum Prompt: String, Sendable, Hashable, CaseIterable {
        /// No page may be shown: an error if the person must sign in or consent.
        case none
        /// Sign in again, even with a live session.
        case login
        /// Ask for consent, even for a first-party client.
        case consent
        /// Offer to choose an account: one account a browser here, so it is taken as `login`.
        case selectAccount = "select_account"
    }

    /// A refusal that must not leave Latchkey's page: nothing proves the redirect URI is the
    /// client's.
    package enum PageRefusal: Error, Sendable, Hashable {
        case unknownClient
        case redirectURIMismatch
        /// A parameter the page cannot do without is missing or repeated: its name.
        case malformed(String)
    }

    /// A refusal sent back to the client (RFC 6749 4.1.2.1).
    package struct RedirectedRefusal: Error, Sendable, Hashable {
        package let redirectURI: String
        /// `invalid_request`, `unsupported_response_type`, `invalid_scope`, `request_not_supported`…
        package let error: String
        package let description: String
        package let state: String?

        /// The redirect URI with the error, `state` and `iss` added to its query.
        package func location(issuer: String) -> String {
            var parameters = [("error", error), ("error_description", description)]
            if let state { parameters.append(("state", state)) }
            parameters.append(("iss", issuer))
            return AuthorizationRequest.appending(parameters, to: redirectURI)
        }
    }

    /// The longest `state`, `nonce` and `login_hint` taken: a client needs no more.
    package static let maximumValueLength = 512

    /// Checks `parameters` (a query's names and values, in order; each name at most once, RFC 6749
    /// 3.1) for the client `lookup` finds by its ID.
    package static func check(
        _ parameters: [(name: String, value: String)], lookup: (String) throws -> StoredOIDCClient?
    ) throws -> AuthorizationRequest {
        var values: [String: String] = [:]
        var repeated: [String] = []
        // A parameter without a value is treated as omitted (RFC 6749 3.1).
        for (name, value) in parameters where !value.isEmpty {
            if values[name] != nil { repeated.append(name) }
            values[name] = value
        }
        for name in ["client_id", "redirect_uri"] where repeated.contains(name) { throw PageRefusal.malformed(name) }
        guard let clientID = values["client_id"], !clientID.isEmpty else { throw PageRefusal.malformed("client_id") }
        guard let redirectURI = values["redirect_uri"], !redirectURI.isEmpty else {
            throw PageRefusal.malformed("redirect_uri")
        }
        guard let client = try lookup(clientID) else { throw PageRefusal.unknownClient }
        guard client.redirectURIs.contains(where: { Self.matches(redirectURI, registered: $0) }) else {
            throw PageRefusal.redirectURIMismatch
        }

        // From here on a refusal goes back to the client, with its state if that was given once
        // and is within bounds. Its descriptions are fixed text: nothing the request says is echoed.
        let state = values["state"].flatMap {
            repeated.contains("state") || $0.utf8.count > maximumValueLength ? nil : $0
        }
        func refuse(_ error: String, _ description: String) -> RedirectedRefusal {
            RedirectedRefusal(redirectURI: redirectURI, error: error, description: description, state: state)
        }
        if !repeated.isEmpty { throw refuse("invalid_request", "A parameter is repeated.") }
        if values["request"] != nil {
            throw refuse("request_not_supported", "Request objects are not supported.")
        }
        if values["request_uri"] != nil {
            throw refuse("request_uri_not_supported", "Request objects are not supported.")
        }
        guard let responseType = values["response_type"] else {
            throw refuse("invalid_request", "response_type is missing.")
        }
        guard responseType == "code" else {
            throw refuse(
                "unsupported_response_type", "Only the authorization code flow (response_type=code) is served.")
        }
        if let mode = values["response_mode"], mode != "query" {
            throw refuse("invalid_request", "Only response_mode=query is served.")
        }
        for name in ["state", "nonce", "login_hint"] {
            if let value = values[name], value.utf8.count > maximumValueLength {
                throw refuse(
                    "invalid_request", "state, nonce or login_hint is longer than \(maximumValueLength) bytes.")
            }
        }

        let names = (values["scope"] ?? "").split(separator: " ").map(String.init)
        guard names.contains("openid") else {
            throw refuse("invalid_scope", "The scope must include openid.")
        }
        // Scope values the provider does not know are ignored (OpenID Connect Core 3.1.2.1); a
        // known one the client may not have is refused.
        var scopes: Set<OIDCScope> = []
        for name in names {
            guard let scope = OIDCScope(rawValue: name) else { continue }
            guard client.scopes.contains(scope) else {
                throw refuse("invalid_scope", "A scope is not allowed for this client.")
            }
            scopes.insert(scope)
        }

        let challenge = values["code_challenge"]
        let method = values["code_challenge_method"]
        if let challenge {
            guard method == "S256" else {
                throw refuse("invalid_request", "Only code_challenge_method=S256 is accepted.")
            }
            guard challenge.utf8.count == 43, Base64.decodeURLSafe(challenge)?.count == 32 else {
                throw refuse("invalid_request", "code_challenge is not an S256 challenge (43 base64url characters).")
            }
        } else if method != nil {
            throw refuse("invalid_request", "code_challenge_method without code_challenge.")
        } else if client.isPublic {
            throw refuse("invalid_request", "A public client must use PKCE (code_challenge with S256).")
        } else if values["nonce"] == nil {
            // Without PKCE, only the nonce binds the code to the client's own request (RFC 9700 2.1.1).
            throw refuse("invalid_request", "Send code_challenge (S256) or a nonce.")
        }

        var prompt: Set<Prompt> = []
        for name in (values["prompt"] ?? "").split(separator: " ") {
            guard let value = Prompt(rawValue: String(name)) else {
                throw refuse("invalid_request", "prompt takes none, login, consent or select_account.")
            }
            prompt.insert(value)
        }
        if prompt.contains(.none) && prompt.count > 1 {
            throw refuse("invalid_request", "prompt=none cannot be combined with another value.")
        }
        var maxAge: Int?
        if let text = values["max_age"] {
            guard let seconds = Int(text), seconds >= 0, text.allSatisfy(\.isASCII) else {
                throw refuse("invalid_request", "max_age is a number of seconds.")
            }
            maxAge = seconds
        }
        return AuthorizationRequest(
            client: client, redirectURI: redirectURI, scopes: scopes.sorted(), state: state, nonce: values["nonce"],
            codeChallenge: challenge, prompt: prompt, maxAge: maxAge, loginHint: values["login_hint"])
    }

    /// Whether `uri` is the registered redirect URI: the same string, except that a loopback IP
    /// address's port may differ, since a native app listens on whatever port it is given
    /// (RFC 8252 7.3).
    static func matches(_ uri: String, registered: String) -> Bool {
        if uri == registered { return true }
        for host in ["http://127.0.0.1", "http://[::1]"] where uri.hasPrefix(host) && registered.hasPrefix(host) {
            return withoutPort(uri.dropFirst(host.count)) == withoutPort(registered.dropFirst(host.count))
        }
        return false
    }

    /// What follows a host without its `:port`.
    private static func withoutPort(_ rest: Substring) -> Substring? {
        guard rest.hasPrefix(":") else { return rest }
        let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 5 else { return nil }
        return rest.dropFirst(1 + digits.count)
    }

    /// `uri` with `parameters` added to its query (after any it has), each percent-encoded.
    static func appending(_ parameters: [(String, String)], to uri: String) -> String {
        // RFC 3986's unreserved characters stay; everything else is percent-encoded.
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let query = parameters.map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
        return uri + (uri.contains("?") ? "&" : "?") + query
    }
}
