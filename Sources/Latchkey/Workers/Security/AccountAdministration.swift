import Foundation

/// Operations an embedding tool's administrator runs on accounts, outside any scene.
package struct AccountAdministration: Sendable {
    private let workers: LatchkeyWorkers

    /// Administration over `workers`.
    package init(workers: LatchkeyWorkers) {
        self.workers = workers
    }

    /// Disables the account and ends every one of its sessions at once (ASVS 7.4.2), in one
    /// transaction, so no sign-in can open a session between the two.
    package func disable(username: String) throws {
        let now = workers.time.now()
        let name = try Username(username)
        try workers.database.write { db in
            guard let account = try workers.accounts.credentials(for: name, in: db) else {
                throw AccountAdministrationError.noSuchUser
            }
            _ = try workers.disableAccount(
                userID: account.profile.id, usernameKey: name.value, client: nil, now: now, in: db)
        }
    }
}

extension LatchkeyWorkers {
    /// Disables the account, ends every one of its sessions and access tokens (enabling it again
    /// brings none back) and records it, in the caller's transaction: the one rule behind
    /// `AccountAdministration.disable` and `latchkey admin disable`. Returns how many sessions ended.
    func disableAccount(
        userID: Int64, usernameKey: String, by actor: AuthEvent.Operator? = nil, client: ClientContext?, now: Date,
        in db: Database
    ) throws -> Int {
        _ = try accounts.disable(userID: userID, now: now, in: db)
        let ended = try sessions.revokeAll(userID: userID, now: now, in: db)
        _ = try accessTokens.revokeAll(userID: userID, now: now, in: db)
        try AuditLog(client: client).record(
            .accountDisabled, usernameKey: usernameKey, userID: userID, by: actor, now: now, in: db)
        return ended
    }

    /// Revokes every live access token of the user, audited as one event with their number, in the
    /// caller's transaction: recovery (a reset, an operator's new password, a change unless the user
    /// keeps them) ends the tokens as it ends the sessions, since a thief may have made some in a
    /// stolen session. Returns how many.
    func revokeAccessTokens(
        userID: Int64, usernameKey: String, by actor: AuthEvent.Operator? = nil, client: ClientContext?, now: Date,
        in db: Database
    ) throws -> Int {
        let revoked = try accessTokens.revokeLive(userID: userID, now: now, in: db)
        if revoked > 0 {
            try AuditLog(client: client).record(
                .accessTokenRevoked, usernameKey: usernameKey, userID: userID, by: actor, occurrences: revoked,
                now: now, in: db)
        }
        return revoked
    }
}
