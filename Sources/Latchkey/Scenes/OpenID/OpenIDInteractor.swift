import Foundation

/// The OpenID provider's rules. The authorization endpoint's decision reads the client and the
/// browser's session and writes only the code; the token endpoint decides, counts failures and
/// rotates in one write transaction, so two exchanges of one code or two uses of one refresh token
/// cannot both succeed.
package final class OpenIDInteractor: SceneInteractor<any OpenIDPresentationLogic>, OpenIDBusinessLogic {
    /// The issuer: the origin Latchkey's pages are served from; nil turns the provider off.
    var issuer: String? { workers.issuer }

    var grants: GrantStore { GrantStore() }
    var failures: ClientFailureThrottle {
        ClientFailureThrottle(policy: workers.policy, secret: workers.secret, client: client)
    }

    package func authorize(request: OpenID.Authorize.Request) {
        presenter.presentAuthorization(response: authorization(request))
    }

    private func authorization(_ request: OpenID.Authorize.Request) -> OpenID.Authorize.Response {
        guard let issuer else { return .disabled }
        let now = workers.time.now()
        return SceneWork.respond {
            let parameters = request.parameters.map { (name: $0.name, value: $0.value) }
            let checked: AuthorizationRequest
            let found: StoredSession?
            do {
                (checked, found) = try workers.database.read { db in
                    let checked = try AuthorizationRequest.check(parameters) {
                        try workers.oidcClients.find(clientID: $0, in: db)
                    }
                    let found = try? workers.gate.authenticate(
                        request.sessionToken.flatMap(SessionToken.init), now: now, in: db)
                    return (checked, found)
                }
            } catch let refusal as AuthorizationRequest.PageRefusal {
                return .refusedOnPage(refusal)
            } catch let refusal as AuthorizationRequest.RedirectedRefusal {
                return .redirected(refusal, issuer: issuer)
            }
            func refuse(_ error: String, _ description: String) -> OpenID.Authorize.Response {
                .redirected(
                    .init(
                        redirectURI: checked.redirectURI, error: error, description: description, state: checked.state),
                    issuer: issuer)
            }

            // A sign-in asked for again (prompt=login) or older than max_age sends the person to sign
            // in, coming back without those parameters, so the fresh session is taken.
            // max_age=0 is prompt=login (OpenID Connect Core 3.1.2.1): a sign-in within the same
            // second is not older than 0 seconds, yet the client asked for a new one.
            let tooOld = checked.maxAge.map { maxAge in
                maxAge == 0 || found.map { now.timeIntervalSince($0.session.createdAt) > TimeInterval(maxAge) } ?? true
            }
            let again = checked.prompt.contains(.login) || checked.prompt.contains(.selectAccount) || tooOld == true
            guard let found, !again || request.decision != nil else {
                if checked.prompt.contains(.none) { return refuse("login_required", "The person must sign in.") }
                let dropping: Set<String> = again ? ["prompt", "max_age"] : []
                // A request too long to come back to after the sign-in is refused now, not lost then.
                guard
                    OpenIDPresenter.returnPath(request.parameters, dropping: dropping).utf8.count
                        <= AuthorizationOutcome.longestReturnPath
                else { return refuse("invalid_request", "The request is too long to return to after signing in.") }
                return .signIn(parameters: request.parameters, dropping: dropping)
            }
            if !checked.client.isFirstParty || checked.prompt.contains(.consent) {
                switch request.decision {
                case nil:
                    if checked.prompt.contains(.none) {
                        return refuse("consent_required", "The person must consent.")
                    }
                    return .consent(checked, user: found.user, parameters: request.parameters)
                case .deny:
                    return refuse("access_denied", "The person declined.")
                case .allow:
                    break
                }
            }

            let code = ProviderSecret.make(.code)
            let clientRow = try workers.database.write { db -> Int64? in
                // The client may have been removed since it was read.
                guard let client = try workers.oidcClients.find(clientID: checked.client.clientID, in: db) else {
                    return nil
                }
                try grants.insert(
                    code: code,
                    IssuedCode(
                        clientID: client.id, userID: found.user.id, redirectURI: checked.redirectURI,
                        scopes: checked.scopes, nonce: checked.nonce, codeChallenge: checked.codeChallenge,
                        authTime: found.session.createdAt, methods: found.session.methods,
                        expiresAt: now.addingTimeInterval(OpenID.codeLifetime), usedAt: nil, grantSessionID: nil),
                    now: now, in: db)
                return client.id
            }
            guard clientRow != nil else { return .refusedOnPage(.unknownClient) }
            return .code(checked, code: code, issuer: issuer)
        }
    }

    /// The registered client `authentication` names, if it proves itself: a confidential client by
    /// its secret, a public one by its ID alone (and no secret).
    func authenticated(_ authentication: OpenID.ClientAuthentication?, in db: Database) throws -> StoredOIDCClient? {
        guard let authentication else { return nil }
        if let secret = authentication.secret {
            return try workers.oidcClients.verifySecret(clientID: authentication.clientID, secret: secret, in: db)
        }
        guard let client = try workers.oidcClients.find(clientID: authentication.clientID, in: db), client.isPublic
        else { return nil }
        return client
    }

    /// The throttle's rows for a request naming `authentication`'s client.
    func throttleKeys(_ authentication: OpenID.ClientAuthentication?, in db: Database) throws -> [String] {
        let row = try authentication.flatMap { try workers.oidcClients.find(clientID: $0.clientID, in: db)?.id }
        return try failures.keys(clientRowID: row)
    }

    /// The subject identifier of `userID`: stable, the same for every client, and not the username
    /// (an HMAC of the account's number under the installation key).
    func subject(of userID: Int64) throws -> String {
        Base64.urlSafe(try workers.secret.mac(Array("oidc-sub:\(userID)".utf8), keyID: 10, context: "lkoidsub"))
    }
}
