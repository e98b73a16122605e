import Foundation

extension LatchkeyWorkers {
    /// What an operator's new password for an account ends, in the caller's transaction: every
    /// session and access token (a thief's too: what they minted with the old password goes with
    /// it) and the throttle's count, recorded as `password_set` by `actor`. The one rule behind
    /// `latchkey admin set-password` and an import that replaces a password hash.
    func endSignInsForOperatorPassword(
        userID: Int64, usernameKey: String, by actor: AuthEvent.Operator, client: ClientContext?, now: Date,
        in db: Database
    ) throws -> (sessions: Int, tokens: Int) {
        let sessions = try self.sessions.revokeAll(userID: userID, now: now, in: db)
        let tokens = try revokeAccessTokens(
            userID: userID, usernameKey: usernameKey, by: actor, client: client, now: now, in: db)
        try LoginThrottle(policy: policy, secret: secret, client: client).reset(usernameKey, in: db)
        try AuditLog(client: client).record(
            .passwordSet, usernameKey: usernameKey, userID: userID, by: actor, now: now, in: db)
        return (sessions, tokens)
    }
}
