import CRawSQLite
import Crypto
import Foundation
import JWTKit
import Latchkey
import _CryptoExtras

/// The OpenID provider's endpoints, through one service at the default policy on 1,000 users of
/// their own, interleaved with password sign-ins as the passkey case is. A token exchange (an
/// authorization code with PKCE; the RS256 ID token and the ES256 access token signed) costs no
/// Argon2id: one write transaction and two signatures, beside a sign-in's two write transactions
/// and its hash. The authorize step that issues the code is timed apart, and so is the
/// refresh_token grant. A userinfo call verifies the access token's signature and reads the grant:
/// it is compared with `authenticate(token:)` of a session, a hash lookup.
extension Cases {
    func openIDTokens(hash: String) async throws -> [Result] {
        let population = try Population(users: 1_000, hash: hash)
        defer { population.remove() }
        // The first administrator is an operator's doing (`latchkey admin roles NAME --add admin`); here, a row.
        try Self.grantAdmin(username: "user0000001", path: population.path)
        var workers = LatchkeyWorkers(database: try DatabaseWorker(.file(path: population.path)))
        workers.issuer = OpenIDFlow.issuer
        let service = LatchkeyService(workers: workers)
        let admin = try await service.signIn(username: "user0000001", password: Population.password)
        let added = try await service.addOIDCClient(
            token: admin.token!, name: "bench", redirectURIs: [OpenIDFlow.redirect],
            scopes: ["profile", "email", "roles"], isFirstParty: true)
        let flow = OpenIDFlow(service: service, clientID: added.client.clientID, secret: added.clientSecret)
        // Sessions for users 2–9 (signed in through the service, as a browser's would be); passwords
        // sign in users 10 and up.
        var sessions: [String] = []
        for index in 2...9 {
            sessions.append(
                try await service.signIn(username: String(format: "user%07d", index), password: Population.password)
                    .token!)
        }
        var authorize = Samples()
        var exchange = Samples()
        var userInfo = Samples()
        var authenticate = Samples()
        var refresh = Samples()
        var keys = Samples()
        var verify = Samples()
        var jwt = Samples()
        // The same check through jwt-kit with the keys parsed once, as the provider's verifier keeps them.
        let published = JWTKeyCollection()
        try await published.add(jwksJSON: try await service.publishedKeys().json)
        // The floor of a userinfo call: one ES256 signature checked (P-256 and SHA-256, swift-crypto's
        // BoringSSL, as jwt-kit checks it), over as many bytes as an access token's signed part.
        let signer = P256.Signing.PrivateKey()
        // The floor of a token exchange or refresh: the two signatures it makes (RS256 with a 2,048-bit
        // key, as the provider's ID-token key, and ES256), over the same bytes.
        var signing = Samples()
        let rsa = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        var signedPart = Data()
        var password = Samples()
        var user = 9
        // A first round of each is a warm-up, not counted.
        for round in 0...(quick ? 5 : 15) {
            let counted = round > 0
            for _ in 0..<2 {
                user = user % (population.users - 9) + 10
                let start = nanoseconds()
                _ = try await service.signIn(username: String(format: "user%07d", user), password: Population.password)
                if counted { password.values.append(Double(nanoseconds() - start)) }
            }
            for index in 0..<8 {
                let session = sessions[index]
                let pkce = OpenIDFlow.pkce()
                var start = nanoseconds()
                let code = try await flow.code(session: session, challenge: pkce.challenge)
                if counted { authorize.values.append(Double(nanoseconds() - start)) }
                start = nanoseconds()
                var tokens = try await flow.exchange(code, verifier: pkce.verifier)
                if counted { exchange.values.append(Double(nanoseconds() - start)) }
                if signedPart.isEmpty, let dot = tokens.accessToken.lastIndex(of: ".") {
                    signedPart = Data(tokens.accessToken[..<dot].utf8)
                }
                for _ in 0..<2 {
                    start = nanoseconds()
                    let info = try await service.userInfo(accessToken: tokens.accessToken)
                    if counted { userInfo.values.append(Double(nanoseconds() - start)) }
                    precondition(info.sub.isEmpty == false, "userinfo named nobody")
                    start = nanoseconds()
                    _ = try await service.authenticate(token: session)
                    if counted { authenticate.values.append(Double(nanoseconds() - start)) }
                }
                // What userinfo reads to verify a token: the published keys (kept for 30 s between reads).
                start = nanoseconds()
                _ = try await service.publishedKeys()
                if counted { keys.values.append(Double(nanoseconds() - start)) }
                start = nanoseconds()
                _ = try rsa.signature(for: signedPart, padding: .insecurePKCS1v1_5)
                let signature = try signer.signature(for: signedPart)
                if counted { signing.values.append(Double(nanoseconds() - start)) }
                start = nanoseconds()
                precondition(signer.publicKey.isValidSignature(signature, for: signedPart), "ES256 did not verify")
                if counted { verify.values.append(Double(nanoseconds() - start)) }
                start = nanoseconds()
                _ = try await published.verify(tokens.accessToken, as: AccessTokenPayload.self)
                if counted { jwt.values.append(Double(nanoseconds() - start)) }
                start = nanoseconds()
                tokens = try await flow.refresh(tokens.refreshToken)
                if counted { refresh.values.append(Double(nanoseconds() - start)) }
            }
        }
        var exchanged = self.ratio(
            "OpenID token exchange / password sign-in (service)", exchange.median / password.median, target: 0.3)
        exchanged.note = String(format: "%.2f ms / %.2f ms", exchange.median / 1e6, password.median / 1e6)
        var checked = self.ratio(
            "OpenID userinfo / session authenticate (service)", userInfo.median / authenticate.median, target: 3)
        checked.note = String(format: "%.3f ms / %.3f ms", userInfo.median / 1e6, authenticate.median / 1e6)
        return [
            row("OpenID authorize, code issued (service, signed-in session, first-party client)", authorize),
            row("OpenID token exchange: code + PKCE, RS256 ID and ES256 access tokens signed (service)", exchange),
            row("OpenID refresh_token grant, tokens signed (service)", refresh),
            row("RS256 + ES256 signing alone (swift-crypto), the two signatures of an exchange", signing),
            row("OpenID userinfo, live access token (service)", userInfo),
            row("OpenID published keys (service), read by userinfo at most every 30 s", keys),
            row("ES256 verify alone (swift-crypto), the signed part of an access token", verify),
            row("jwt-kit verify of the access token alone (keys parsed once, claims decoded)", jwt),
            row("session authenticate (service)", authenticate),
            row("password sign-in beside OpenID (service, default Argon2id)", password),
            exchanged, checked,
        ]
    }

    /// Gives `username` the `admin` role by a row of its own, as an operator's command would.
    private static func grantAdmin(username: String, path: String) throws {
        var db: OpaquePointer?
        defer { sqlite3_close(db) }
        let sql = "INSERT INTO user_roles (user_id, role) SELECT id, 'admin' FROM users WHERE username = '\(username)'"
        guard sqlite3_open(path, &db) == SQLITE_OK, sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK,
            sqlite3_changes(db) == 1
        else { throw CocoaError(.fileWriteUnknown) }
    }
}
