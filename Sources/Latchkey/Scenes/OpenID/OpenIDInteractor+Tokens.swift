import Foundation

extension OpenIDInteractor {
    package func exchange(request: OpenID.Exchange.Request) {
        presenter.presentTokens(response: tokens(request))
    }

    private enum Outcome {
        case issued(UnsignedTokens)
        case refused(OpenIDError, countsAsFailure: Bool)
    }

    private func tokens(_ request: OpenID.Exchange.Request) -> OpenID.Exchange.Response {
        guard let issuer else { return .refused(OpenIDError("invalid_request", "The OpenID provider is off.")) }
        let now = workers.time.now()
        let form = request.form
        let grantType = form["grant_type"]
        guard grantType == "authorization_code" || grantType == "refresh_token" else {
            return .refused(
                grantType == nil
                    ? .request("grant_type is missing.")
                    : OpenIDError("unsupported_grant_type", "Only authorization_code and refresh_token are served."))
        }
        guard request.client != nil else { return .refused(.client) }
        return SceneWork.respond {
            let outcome = try workers.database.write { db -> Outcome in
                let keys = try throttleKeys(request.client, in: db)
                if try failures.isLocked(keys, now: now, in: db) { return .refused(.throttled, countsAsFailure: false) }
                let outcome: Outcome
                if let client = try authenticated(request.client, in: db) {
                    outcome =
                        grantType == "authorization_code"
                        ? try exchangeCode(form, client: client, issuer: issuer, now: now, in: db)
                        : try refresh(form, client: client, issuer: issuer, now: now, in: db)
                } else {
                    outcome = .refused(.client, countsAsFailure: true)
                }
                if case .refused(_, true) = outcome { try failures.recordFailure(keys, now: now, in: db) }
                return outcome
            }
            switch outcome {
            case .issued(let tokens): return .issued(tokens)
            case .refused(let error, _): return .refused(error)
            }
        }
    }

    // A bad code or refresh token counts as a failure only from a public client. A confidential
    // client proved itself with its secret; the code came from whoever visited its callback, and
    // counting it against the client's server would let anyone lock that server out.
    private func exchangeCode(
        _ form: [String: String], client: StoredOIDCClient, issuer: String, now: Date, in db: Database
    ) throws -> Outcome {
        guard let text = form["code"], let code = ProviderSecret(text, kind: .code),
            let issued = try grants.code(hash: code.hash, in: db), issued.clientID == client.id
        else { return .refused(.grant("The code is not valid."), countsAsFailure: client.isPublic) }
        // A code is spent by its first exchange, even one that fails below: a wrong verifier gets one try.
        guard try grants.use(codeHash: code.hash, now: now, in: db) else {
            // Replayed: whatever the first exchange issued stops working (RFC 6749 4.1.2).
            if let grant = issued.grantSessionID, try grants.revoke(grant: grant, now: now, in: db) {
                try audit.record(
                    .oidcCodeReplayed, usernameKey: try username(of: issued.userID, in: db), userID: issued.userID,
                    detail: client.name, now: now, in: db)
            }
            return .refused(.grant("The code was used already."), countsAsFailure: client.isPublic)
        }
        guard now < issued.expiresAt else {
            return .refused(.grant("The code has expired."), countsAsFailure: client.isPublic)
        }
        guard form["redirect_uri"] == issued.redirectURI else {
            return .refused(
                .grant("redirect_uri is not the authorization request's."), countsAsFailure: client.isPublic)
        }
        if let challenge = issued.codeChallenge {
            guard let verifier = form["code_verifier"], Self.isVerifier(verifier),
                Base64.urlSafe(SHA256Digest.hash(Array(verifier.utf8))) == challenge
            else { return .refused(.grant("The code_verifier does not match."), countsAsFailure: client.isPublic) }
        } else if form["code_verifier"] != nil {
            // A verifier for a code issued without a challenge: a downgrade (RFC 9700 2.1.1).
            return .refused(.grant("The code was issued without PKCE."), countsAsFailure: client.isPublic)
        }
        guard let user = try workers.accounts.credentials(userID: issued.userID, in: db) else {
            return .refused(.grant("The account is gone."), countsAsFailure: false)
        }
        guard !user.isDisabled else { return .refused(.grant("The account is disabled."), countsAsFailure: false) }
        let grant = try grants.openGrant(
            userID: user.profile.id, clientID: client.id, methods: issued.methods, client: self.client, now: now,
            lifetime: workers.policy.sessionLifetime, in: db)
        try grants.attach(grant: grant.id, toCode: code.hash, in: db)
        try audit.record(
            .oidcSignedIn, usernameKey: user.profile.username, userID: user.profile.id, detail: client.name, now: now,
            in: db)
        return .issued(
            try issue(
                for: user.profile, client: client, grantHash: grant.hash, grantID: grant.id, code: issued,
                scopes: issued.scopes, issuer: issuer, now: now, in: db))
    }

    private func refresh(
        _ form: [String: String], client: StoredOIDCClient, issuer: String, now: Date, in db: Database
    ) throws -> Outcome {
        guard let text = form["refresh_token"], let token = ProviderSecret(text, kind: .refreshToken),
            let stored = try grants.refreshToken(hash: token.hash, in: db),
            let found = try workers.sessions.find(hash: stored.grantHash, in: db), found.oidcClientID == client.id
        else { return .refused(.grant("The refresh token is not valid."), countsAsFailure: client.isPublic) }
        guard try grants.use(refreshTokenHash: token.hash, now: now, in: db) else {
            // Presented again after rotation: someone holds a copy, so the whole family ends.
            if try grants.revoke(grant: stored.sessionID, now: now, in: db) {
                try audit.record(
                    .oidcRefreshReused, usernameKey: found.user.username, userID: found.user.id, detail: client.name,
                    now: now, in: db)
            }
            return .refused(.grant("The refresh token was used already."), countsAsFailure: client.isPublic)
        }
        guard (try? workers.gate.check(found, now: now)) != nil,
            let code = try grants.code(ofGrant: stored.sessionID, in: db)
        else { return .refused(.grant("The grant has ended."), countsAsFailure: false) }
        var scopes = code.scopes
        if let asked = form["scope"] {
            // A narrower scope may be asked for (RFC 6749 6); never a wider one.
            let names = Set(asked.split(separator: " ").map(String.init))
            guard names.allSatisfy({ name in scopes.contains { $0.rawValue == name } }) else {
                return .refused(
                    OpenIDError("invalid_scope", "The scope is wider than the grant's."), countsAsFailure: false)
            }
            scopes = scopes.filter { names.contains($0.rawValue) || $0 == .openid }
        }
        try workers.sessions.touch(sessionID: stored.sessionID, now: now, in: db)
        return .issued(
            try issue(
                for: found.user, client: client, grantHash: stored.grantHash, grantID: stored.sessionID, code: code,
                scopes: scopes, issuer: issuer, now: now, in: db))
    }

    /// The tokens of a grant: claims, the keys to sign them, and a new refresh token stored.
    private func issue(
        for user: UserProfile, client: StoredOIDCClient, grantHash: [UInt8], grantID: Int64, code: IssuedCode,
        scopes: [OIDCScope], issuer: String, now: Date, in db: Database
    ) throws -> UnsignedTokens {
        var user = user
        if scopes.contains(.roles) { user.roles = try workers.roles.roles(userID: user.id, in: db) }
        let keys = try workers.signingKeys.signingKeys(at: now, in: db)
        guard let idKey = keys[.rs256], let accessKey = keys[.es256] else {
            throw DatabaseError.misused("no signing key after ensure")
        }
        let refreshToken = ProviderSecret.make(.refreshToken)
        try grants.insert(refreshToken: refreshToken, grant: grantID, now: now, in: db)
        let sub = try subject(of: user.id)
        let sid = Base64.urlSafe(grantHash)
        let iat = Int(now.timeIntervalSince1970)
        let exp = iat + Int(OpenID.tokenLifetime)
        let amr = code.methods.map(\.rawValue)
        let claims = ProfileClaims(user, scopes: scopes)
        let id = IDTokenClaims(
            iss: issuer, sub: sub, aud: client.clientID, exp: exp, iat: iat,
            authTime: Int(code.authTime.timeIntervalSince1970), nonce: code.nonce, amr: amr,
            acr: code.methods.contains(.multipleFactors) ? "urn:latchkey:acr:mfa" : "urn:latchkey:acr:1fa",
            azp: client.clientID, sid: sid, claims: claims)
        let access = AccessTokenClaims(
            iss: issuer, sub: sub, aud: client.clientID, exp: exp, iat: iat, nbf: iat,
            jti: Base64.urlSafe(RandomBytes.make(16)), clientID: client.clientID, scope: OIDCScope.text(scopes),
            sid: sid, authTime: Int(code.authTime.timeIntervalSince1970))
        return UnsignedTokens(
            idToken: id, accessToken: access, idKey: try workers.signingKeys.material(of: idKey), idKeyID: idKey.kid,
            accessKey: try workers.signingKeys.material(of: accessKey), accessKeyID: accessKey.kid,
            refreshToken: refreshToken)
    }

    /// RFC 7636 4.1: 43 to 128 unreserved characters.
    static func isVerifier(_ text: String) -> Bool {
        (43...128).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            }
    }

    func username(of userID: Int64, in db: Database) throws -> String {
        try workers.accounts.credentials(userID: userID, in: db)?.profile.username ?? "(deleted)"
    }
}
