import Foundation

/// Creates, lists and revokes the signed-in user's personal access tokens. Every step needs a live
/// session (the session gate only reads session tokens: an access token cannot manage tokens), and
/// another user's token is never found.
package final class AccessTokensInteractor: SceneInteractor<any AccessTokensPresentationLogic>,
    AccessTokensBusinessLogic
{
    package func createToken(request: AccessTokens.Create.Request) {
        let now = workers.time.now()
        presenter.presentCreated(
            response: SceneWork.respond {
                guard let name = Self.validName(request.name) else { return .refused(.invalidName) }
                var roles: [String] = []
                for text in request.roles {
                    guard let role = try? RoleName(text) else { return .refused(.invalidRole(text)) }
                    if !roles.contains(role.value) { roles.append(role.value) }
                }
                let expiresAt: Date?
                switch Self.expiry(request.expiry, policy: workers.policy) {
                case .success(let lifetime):
                    expiresAt = lifetime.map { now.addingTimeInterval(TimeInterval($0.wholeSeconds)) }
                case .failure(let refusal): return .refused(refusal)
                }
                return try workers.database.write { db in
                    let found = try workers.gate.authenticate(request.token, now: now, in: db)
                    try workers.gate.recordUse(found, now: now, in: db)
                    let user = found.user
                    // The roles as the user holds them now, read in the transaction that writes.
                    let held = try workers.roles.roles(userID: user.id, in: db)
                    if let missing = roles.first(where: { !held.contains($0) }) {
                        return .refused(.roleNotHeld(missing))
                    }
                    let token = AccessToken.make()
                    let info = try workers.accessTokens.create(
                        userID: user.id, name: name, token: token, roles: roles, expiresAt: expiresAt, now: now, in: db)
                    try audit.record(
                        .accessTokenCreated, usernameKey: user.username, userID: user.id, now: now, in: db)
                    return .created(info, token: token)
                }
            })
    }

    package func fetchTokens(request: AccessTokens.List.Request) {
        let now = workers.time.now()
        presenter.presentTokens(
            response: SceneWork.respond {
                let (found, tokens) = try workers.database.read { db in
                    let found = try workers.gate.authenticate(request.token, now: now, in: db)
                    return (found, try workers.accessTokens.live(userID: found.user.id, now: now, in: db))
                }
                workers.recordUse(of: found, now: now)
                return .tokens(tokens)
            })
    }

    package func revokeToken(request: AccessTokens.Revoke.Request) {
        let now = workers.time.now()
        presenter.presentRevocation(
            response: SceneWork.respond {
                try workers.database.write { db in
                    let found = try workers.gate.authenticate(request.token, now: now, in: db)
                    try workers.gate.recordUse(found, now: now, in: db)
                    let user = found.user
                    let revoked = try workers.accessTokens.revoke(
                        userID: user.id, shortID: request.id.lowercased(), now: now, in: db)
                    guard let first = revoked.first else { return .noSuchToken }
                    try audit.record(
                        .accessTokenRevoked, usernameKey: user.username, userID: user.id, now: now, in: db)
                    return .revoked(first)
                }
            })
    }

    /// A name of 1 to 64 characters, trimmed, with no control, bidi or invisible characters.
    static func validName(_ text: String) -> String? {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard (1...64).contains(name.count), name.utf8.count <= 256, TerminalSafeText.isSafe(name) else { return nil }
        return name
    }

    /// The lifetime a request asks for, within the policy: nil for never.
    static func expiry(_ expiry: AccessTokens.Expiry, policy: SecurityPolicy) -> Result<
        Duration?, AccessTokens.Create.Problem
    > {
        let maximum = policy.maximumAccessTokenLifetime
        let refusal = AccessTokens.Create.Problem.expiryBeyondPolicy(
            maximumDays: maximum.map { Int($0.wholeSeconds / 86_400) })
        switch expiry {
        case .policyDefault:
            return .success(maximum.map { min($0, policy.accessTokenLifetime) } ?? policy.accessTokenLifetime)
        case .never: return maximum == nil ? .success(Duration?.none) : .failure(refusal)
        case .after(let lifetime):
            guard lifetime >= .seconds(60), lifetime <= (maximum ?? SecurityPolicy.longest) else {
                return .failure(refusal)
            }
            return .success(lifetime)
        }
    }
}
