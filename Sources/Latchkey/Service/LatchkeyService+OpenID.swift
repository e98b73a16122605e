import Foundation

/// The OpenID provider (authorization code flow with PKCE), on whenever the service has an issuer
/// (a server's public origin). Each call runs the OpenID scene on the
/// database lane; tokens are signed after it and verified before it, off the lanes.
extension LatchkeyService {
    /// The issuer, the origin Latchkey's pages are served from; nil while the provider is off.
    public var openIDIssuer: String? { workers.issuer }

    /// The discovery document; nil while the provider is off.
    public var providerMetadata: ProviderMetadata? { openIDIssuer.map(ProviderMetadata.init) }

    /// The published signing keys (made on first use), for the JWKS endpoint.
    public func publishedKeys() async throws(LatchkeyError) -> PublishedKeySet {
        try await logged("oidc_jwks") { () async throws(LatchkeyError) in
            try await show(on: database, nil) { scenes, display in
                scenes.makeSigningKeysScene(display: display).interactor.publish(request: .init())
            }
        }
    }

    /// The authorization endpoint: `parameters` as the query (or consent form) gave them, the
    /// browser's session cookie, and the consent page's answer when it is one.
    public func authorize(
        parameters: [QueryParameter], sessionToken: String?, decision: ConsentDecision? = nil,
        client: ClientContext? = nil
    ) async -> AuthorizationOutcome {
        let request = OpenID.Authorize.Request(parameters: parameters, sessionToken: sessionToken, decision: decision)
        do {
            return try await runOnDatabaseLane(client) { scenes in
                let display = Reply<AuthorizationOutcome>()
                scenes.makeOpenIDScene(display: display).interactor.authorize(request: request)
                return display.viewModel
            }
        } catch {
            return .failed(error)
        }
    }

    /// The token endpoint: `form` is the request's form, `clientID`/`clientSecret` the client's
    /// authentication (from HTTP Basic or the form; a public client sends no secret).
    public func exchangeToken(
        form: [String: String], clientID: String?, clientSecret: String?, client: ClientContext? = nil
    ) async throws(OpenIDError) -> TokenSet {
        let request = OpenID.Exchange.Request(form: form, client: Self.authentication(clientID, clientSecret))
        let unsigned = try await openID(client, Result<UnsignedTokens, OpenIDError>.self) { scene in
            scene.interactor.exchange(request: request)
        }.get()
        do {
            return try await unsigned.signed()
        } catch {
            throw OpenIDError("server_error", "The tokens could not be signed.")
        }
    }

    /// The userinfo endpoint: the claims the access token's scopes grant, while its grant is live.
    public func userInfo(accessToken: String, client: ClientContext? = nil) async throws(OpenIDError) -> UserInfo {
        guard let issuer = openIDIssuer,
            let claims = await verifier.accessToken(
                accessToken, jwks: try await jwks(for: accessToken), issuer: issuer, now: workers.time.now())
        else { throw OpenIDError.token }
        let request = OpenID.Grant.Request(
            sid: claims.sid, sub: claims.sub, scope: OIDCScope.scopes(claims.scope), clientID: claims.clientID)
        return try await openID(client, Result<UserInfo, OpenIDError>.self) { scene in
            scene.interactor.grant(request: request)
        }.get()
    }

    /// The revocation endpoint (RFC 7009): ends the grant of `token` (a refresh or access token) if
    /// it is the authenticated client's; a token it cannot see is no error.
    public func revokeToken(
        _ token: String, clientID: String?, clientSecret: String?, client: ClientContext? = nil
    ) async throws(OpenIDError) {
        let request = OpenID.Revoke.Request(
            token: await presented(token), client: Self.authentication(clientID, clientSecret))
        try await openID(client, Result<Void, OpenIDError>.self) { scene in
            scene.interactor.revoke(request: request)
        }.get()
    }

    /// The introspection endpoint (RFC 7662), for confidential clients: whether `token` is live, and
    /// what it carries.
    public func introspect(
        _ token: String, clientID: String?, clientSecret: String?, client: ClientContext? = nil
    ) async throws(OpenIDError) -> Introspection {
        var claims: AccessTokenClaims?
        if let issuer = openIDIssuer, let jwks = try? await jwks(for: token) {
            claims = await verifier.accessToken(token, jwks: jwks, issuer: issuer, now: workers.time.now())
        }
        let presented: OpenID.Revoke.RevokedToken =
            claims.map { .grant(sid: $0.sid, clientID: $0.clientID) } ?? .refreshToken(token)
        let request = OpenID.Introspect.Request(
            token: presented, claims: claims, client: Self.authentication(clientID, clientSecret))
        return try await openID(client, Result<Introspection, OpenIDError>.self) { scene in
            scene.interactor.introspect(request: request)
        }.get()
    }

    /// The end-session endpoint (RP-initiated logout): `parameters` as sent, the browser's session
    /// cookie, and whether the person confirmed on Latchkey's page.
    public func endSession(
        parameters: [String: String], sessionToken: String?, confirmed: Bool, client: ClientContext? = nil
    ) async -> EndSessionOutcome {
        var hint: IDTokenClaims?
        if let text = parameters["id_token_hint"], let issuer = openIDIssuer, let jwks = try? await jwks(for: text) {
            hint = await verifier.idTokenHint(text, jwks: jwks, issuer: issuer)
        }
        let request = OpenID.EndSession.Request(
            parameters: parameters, hint: hint, sessionToken: sessionToken, confirmed: confirmed)
        do {
            return try await runOnDatabaseLane(client) { scenes in
                let display = Reply<EndSessionOutcome>()
                scenes.makeOpenIDScene(display: display).interactor.endSession(request: request)
                return display.viewModel
            }
        } catch {
            return .failed(error)
        }
    }

    private static func authentication(_ clientID: String?, _ secret: String?) -> OpenID.ClientAuthentication? {
        clientID.map { OpenID.ClientAuthentication(clientID: $0, secret: secret) }
    }

    /// A presented token as the scene takes it: a verified access token's grant, else the text as a
    /// refresh token (which the scene recognizes by its shape, or not).
    private func presented(_ token: String) async -> OpenID.Revoke.RevokedToken {
        if let issuer = openIDIssuer, let jwks = try? await jwks(for: token),
            let claims = await verifier.accessToken(token, jwks: jwks, issuer: issuer, now: workers.time.now())
        {
            return .grant(sid: claims.sid, clientID: claims.clientID)
        }
        return ProviderSecret(token, kind: .refreshToken) != nil ? .refreshToken(token) : .unknown
    }

    /// The published keys to verify `token` with: the set kept from a read less than
    /// `TokenVerifier.keptFor` ago, unless the token names a key it lacks (a rotation since).
    private func jwks(for token: String) async throws(OpenIDError) -> String {
        let now = workers.time.now()
        if let kept = verifier.keptKeySet(at: now), TokenVerifier.keyID(of: token).map(kept.names) ?? true {
            return kept.json
        }
        do {
            let json = try await publishedKeys().json
            verifier.keep(json, at: now)
            return json
        } catch {
            throw OpenIDError.unavailable(.from(error))
        }
    }

    /// Runs the OpenID scene on the database lane and answers what it showed.
    private func openID<Value: Sendable>(
        _ client: ClientContext?, _: Result<Value, OpenIDError>.Type,
        _ body: @escaping @Sendable (OpenIDScene) -> Void
    ) async throws(OpenIDError) -> Result<Value, OpenIDError> {
        do {
            return try await runOnDatabaseLane(client) { scenes in
                let display = Reply<Result<Value, OpenIDError>>()
                body(scenes.makeOpenIDScene(display: display))
                return display.viewModel
            }
        } catch {
            throw OpenIDError(
                error.code == .internalError ? "server_error" : "temporarily_unavailable", error.message)
        }
    }
}
