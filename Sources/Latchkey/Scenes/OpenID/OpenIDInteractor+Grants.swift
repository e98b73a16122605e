import Foundation

extension OpenIDInteractor {
    package func grant(request: OpenID.Grant.Request) {
        let now = workers.time.now()
        presenter.presentGrant(
            response: SceneWork.respond {
                guard
                    let found = try workers.database.read({ db in
                        try liveGrant(request.sid, of: request.clientID, now: now, in: db)
                    }),
                    try subject(of: found.user.id) == request.sub
                else { return .ended }
                workers.recordUse(of: found, now: now)
                return .live(found.user, scopes: request.scope, sub: request.sub)
            })
    }

    package func revoke(request: OpenID.Revoke.Request) {
        let now = workers.time.now()
        presenter.presentRevoked(
            response: SceneWork.respond {
                try workers.database.write { db -> OpenID.Revoke.Response in
                    let keys = try throttleKeys(request.client, in: db)
                    if try failures.isLocked(keys, now: now, in: db) { return .refused(.throttled) }
                    guard let client = try authenticated(request.client, in: db) else {
                        try failures.recordFailure(keys, now: now, in: db)
                        return .refused(.client)
                    }
                    // Revoking a token ends its grant: the refresh token's family and every access
                    // token it issued (RFC 7009 2.1 allows this). Another client's token is left as is.
                    if let grant = try grantID(of: request.token, client: client, now: now, in: db),
                        try grants.revoke(grant: grant.id, now: now, in: db)
                    {
                        try audit.record(
                            .oidcGrantRevoked, usernameKey: grant.user.username, userID: grant.user.id,
                            detail: client.name, now: now, in: db)
                    }
                    return .done
                }
            })
    }

    package func introspect(request: OpenID.Introspect.Request) {
        let now = workers.time.now()
        presenter.presentIntrospection(
            response: SceneWork.respond {
                try workers.database.write { db -> OpenID.Introspect.Response in
                    let keys = try throttleKeys(request.client, in: db)
                    if try failures.isLocked(keys, now: now, in: db) { return .refused(.throttled) }
                    // Only a confidential client, by its secret (RFC 7662 2.1).
                    guard request.client?.secret != nil, let client = try authenticated(request.client, in: db) else {
                        try failures.recordFailure(keys, now: now, in: db)
                        return .refused(.client)
                    }
                    guard let grant = try grantID(of: request.token, client: client, now: now, in: db),
                        let code = try grants.code(ofGrant: grant.id, in: db)
                    else { return .answered(.inactive) }
                    var answer = Introspection(active: true)
                    answer.clientID = client.clientID
                    answer.username = grant.user.username
                    answer.sub = try subject(of: grant.user.id)
                    answer.iss = issuer
                    if let claims = request.claims {
                        answer.scope = claims.scope
                        answer.tokenType = "access_token"
                        answer.exp = claims.exp
                        answer.iat = claims.iat
                        answer.aud = claims.aud
                    } else {
                        answer.scope = OIDCScope.text(code.scopes)
                        answer.tokenType = "refresh_token"
                    }
                    return .answered(answer)
                }
            })
    }

    package func endSession(request: OpenID.EndSession.Request) {
        let now = workers.time.now()
        presenter.presentEndSession(
            response: SceneWork.respond {
                let parameters = request.parameters
                if let hint = request.hint, let named = parameters["client_id"], named != hint.aud {
                    return .refused("client_id is not the ID token's audience.")
                }
                let clientID = request.hint?.aud ?? parameters["client_id"]
                return try workers.database.write { db -> OpenID.EndSession.Response in
                    let client = try clientID.flatMap { try workers.oidcClients.find(clientID: $0, in: db) }
                    var redirect: String?
                    if let uri = parameters["post_logout_redirect_uri"] {
                        guard let client, client.postLogoutRedirectURIs.contains(uri) else {
                            return .refused("The post-logout redirect URI is not one the client registered.")
                        }
                        redirect =
                            parameters["state"].map { AuthorizationRequest.appending([("state", $0)], to: uri) } ?? uri
                    }
                    let browser = try? workers.gate.authenticate(
                        request.sessionToken.flatMap(SessionToken.init), now: now, in: db)
                    // Without a hint naming the person signed in here, another site could sign them
                    // out: they confirm on Latchkey's page first.
                    let hintNamesThem =
                        try request.hint.map { hint in
                            try browser.map { try subject(of: $0.user.id) == hint.sub } ?? true
                        } ?? false
                    guard hintNamesThem || request.confirmed else { return .confirm(parameters: parameters) }
                    if let browser, try workers.sessions.revoke(sessionID: browser.session.id, now: now, in: db) == 1 {
                        try audit.record(
                            .loggedOut, usernameKey: browser.user.username, userID: browser.user.id,
                            detail: client.map { "through \($0.name)" }, now: now, in: db)
                    }
                    if let hint = request.hint, let client, let hash = Base64.decodeURLSafe(hint.sid), hash.count == 32,
                        let grant = try workers.sessions.find(hash: hash, in: db), grant.oidcClientID == client.id
                    {
                        try grants.revoke(grant: grant.session.id, now: now, in: db)
                    }
                    return .signedOut(redirect: redirect)
                }
            })
    }

    /// The grant session `sid` names, if it is `clientID`'s and still live.
    private func liveGrant(_ sid: String, of clientID: String, now: Date, in db: Database) throws -> StoredSession? {
        guard let hash = Base64.decodeURLSafe(sid), hash.count == 32,
            let found = try workers.sessions.findGrant(hash: hash, clientID: clientID, in: db)
        else { return nil }
        return try? workers.gate.check(found, now: now)
    }

    /// The live grant a presented token belongs to, when it is `client`'s.
    private func grantID(
        of token: OpenID.Revoke.RevokedToken, client: StoredOIDCClient, now: Date, in db: Database
    ) throws -> (id: Int64, user: UserProfile)? {
        switch token {
        case .refreshToken(let text):
            guard let token = ProviderSecret(text, kind: .refreshToken),
                let stored = try grants.refreshToken(hash: token.hash, in: db), stored.usedAt == nil,
                let found = try workers.sessions.find(hash: stored.grantHash, in: db), found.oidcClientID == client.id,
                (try? workers.gate.check(found, now: now)) != nil
            else { return nil }
            return (found.session.id, found.user)
        case .grant(let sid, let clientID):
            guard clientID == client.clientID, let found = try liveGrant(sid, of: clientID, now: now, in: db) else {
                return nil
            }
            return (found.session.id, found.user)
        case .unknown:
            return nil
        }
    }
}
