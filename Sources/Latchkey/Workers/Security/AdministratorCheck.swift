import Foundation

/// The one check of who administers: an operator with access to the database as they are, or a
/// signed-in user whose session or access token is live and who holds the `admin` role now (a token
/// must carry it too). Run inside the transaction that acts, so a role removed a moment ago no
/// longer counts.
struct AdministratorCheck {
    let workers: LatchkeyWorkers
    /// The request's client, recorded on an access token's use.
    let client: ClientContext?

    /// The operator `authority` names; a signed-in administrator's use of the credential is recorded.
    func actor(_ authority: Admin.Authority, now: Date, in db: Database) throws -> AuthEvent.Operator {
        switch authority {
        case .operator(let actor): return actor
        case .signedIn(let credential): return try administrator(credential, recordingUse: true, now: now, in: db)
        }
    }

    /// The administrator `credential` proves, or `Admin.AccessProblem`.
    func administrator(
        _ credential: Admin.Credential, recordingUse: Bool, now: Date, in db: Database
    ) throws -> AuthEvent.Operator {
        let user: UserProfile
        let roles: [String]
        do {
            switch credential {
            case .session(let token):
                let found = try workers.gate.authenticate(token, now: now, in: db)
                user = found.user
                roles = try workers.roles.roles(userID: found.user.id, in: db)
                if recordingUse { try workers.gate.recordUse(found, now: now, in: db) }
            case .accessToken(let token):
                // The token's effective roles: those it carries that its user holds now.
                let found = try workers.tokenGate.authenticate(token, now: now, in: db)
                user = found.user
                roles = found.user.roles
                if recordingUse, workers.tokenGate.isUseDue(found.token, now: now) {
                    try workers.accessTokens.touch(
                        tokenID: found.token.id, client: client, now: now,
                        granularity: workers.policy.lastUsedGranularity, in: db)
                }
            }
        } catch let problem as SessionProblem {
            throw Admin.AccessProblem.session(problem)
        }
        guard roles.contains(Admin.role) else { throw Admin.AccessProblem.forbidden }
        return AuthEvent.Operator(administratorID: user.id, username: user.username)
    }

}
