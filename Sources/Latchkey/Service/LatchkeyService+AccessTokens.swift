/// Personal access tokens: made, listed and revoked by a signed-in user through a session (a token
/// may not manage tokens), then used like a session token by `authenticate` and `authorize`.
extension LatchkeyService {
    /// Makes a token named `name` carrying `roles` (each one the user holds), expiring after
    /// `expiresIn` (the policy's default when nil; `.never` only where the policy sets no maximum).
    public func createAccessToken(
        token: String, name: String, roles: [String] = [], expiry: AccessTokenExpiry = .policyDefault,
        client: ClientContext? = nil
    ) async throws(LatchkeyError) -> CreatedAccessToken {
        try await logged("create_access_token") { () async throws(LatchkeyError) in
            let request = AccessTokens.Create.Request(
                token: try Self.session(token, for: "manage access tokens"), name: name, roles: roles, expiry: expiry)
            return try await show(on: database, client) { scenes, display in
                scenes.makeAccessTokensScene(display: display).interactor
                    .createToken(request: request)
            }
        }
    }

    /// The user's tokens that can still be used, newest first.
    public func accessTokens(token: String) async throws(LatchkeyError) -> [AccessTokenSummary] {
        try await logged("access_tokens") { () async throws(LatchkeyError) in
            let request = AccessTokens.List.Request(token: try Self.session(token, for: "manage access tokens"))
            return try await show(on: database, nil) { scenes, display in
                scenes.makeAccessTokensScene(display: display).interactor
                    .fetchTokens(request: request)
            }
        }
    }

    /// Revokes the user's token `id` (another user's id is as unknown as a wrong one: `not_found`).
    public func revokeAccessToken(token: String, id: String, client: ClientContext? = nil) async throws(LatchkeyError)
        -> AccessTokenSummary
    {
        try await logged("revoke_access_token") { () async throws(LatchkeyError) in
            let request = AccessTokens.Revoke.Request(
                token: try Self.session(token, for: "manage access tokens"), id: id)
            return try await show(on: database, client) { scenes, display in
                scenes.makeAccessTokensScene(display: display).interactor
                    .revokeToken(request: request)
            }
        }
    }

    /// The session token in `text`; an access token is refused with `forbidden`, saying why (a
    /// stolen token must not take over the account: its tokens, password or second factor).
    static func session(_ text: String, for action: String) throws(LatchkeyError) -> SessionToken? {
        guard !AccessToken.looksLikeOne(text) else {
            throw LatchkeyError(code: .forbidden, message: "An access token cannot \(action): sign in for a session.")
        }
        return SessionToken(text)
    }
}
