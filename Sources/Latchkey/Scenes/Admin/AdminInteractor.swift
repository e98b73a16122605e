import Foundation

/// The operator's requests. Each action runs in one write transaction with exactly one audit event.
package final class AdminInteractor: SceneInteractor<any AdminPresentationLogic>, AdminBusinessLogic {
    package func listUsers(request: Admin.ListUsers.Request) {
        let now = workers.time.now()
        let limit = min(max(request.limit, 1), SecurityPolicy.maximumHistoryLimit)
        let search = request.search.flatMap { $0.isEmpty ? nil : String($0.prefix(256)) }
        presenter.presentUsers(
            response: SceneWork.respond {
                do {
                    return try workers.database.read { db in
                        _ = try administrator(request.credential, now: now, in: db)
                        return .users(
                            try workers.accounts.list(search: search, limit: limit, in: db).map {
                                try account($0, now, db)
                            })
                    }
                } catch let problem as Admin.AccessProblem {
                    return .refused(problem)
                }
            })
    }

    package func showUser(request: Admin.ShowUser.Request) {
        let now = workers.time.now()
        presenter.presentUser(
            response: SceneWork.respond {
                do {
                    return try workers.database.read { db in
                        _ = try administrator(request.credential, now: now, in: db)
                        let found = try find(request.username, in: db)
                        let id = found.profile.id
                        return .account(
                            try account(found, now, db),
                            sessions: try workers.sessions.live(userID: id, now: now, policy: workers.policy, in: db),
                            events: try audit.recent(userID: id, limit: 20, in: db),
                            tokens: try workers.accessTokens.live(userID: id, now: now, in: db),
                            passkeys: try workers.passkeys.list(userID: id, in: db))
                    }
                } catch let problem as Admin.AccountProblem {
                    return .rejected(problem)
                } catch let problem as Admin.AccessProblem {
                    return .refused(problem)
                }
            })
    }

    package func act(request: Admin.Act.Request) {
        presenter.presentAction(
            response: SceneWork.respond {
                do {
                    return try perform(request)
                } catch let problem as Admin.AccountProblem {
                    return .rejected(problem)
                } catch let problem as Admin.AccessProblem {
                    return .refused(problem)
                }
            })
    }

    private func perform(_ request: Admin.Act.Request) throws -> Admin.Act.Response {
        let now = workers.time.now()
        let authority = request.authority
        switch request.action {
        case .setPassword(let password):
            return try setPassword(password, for: request.username, as: authority, now: now)
        case .roles(let add, let remove):
            return try changeRoles(add: add, remove: remove, for: request.username, as: authority, now: now)
        default:
            break
        }
        return try workers.database.write { db in
            let actor = try actor(authority, now: now, in: db)
            let found = try find(request.username, in: db)
            let (id, name) = (found.profile.id, found.profile.username)
            func recordEvent(_ kind: AuthEvent.Kind) throws {
                try self.audit.record(kind, usernameKey: name, userID: id, by: actor, now: now, in: db)
            }
            switch request.action {
            case .disable:
                let ended = try workers.disableAccount(
                    userID: id, usernameKey: name, by: actor, client: client, now: now, in: db)
                return .disabled(username: name, sessionsEnded: ended)
            case .enable:
                _ = try workers.accounts.enable(userID: id, now: now, in: db)
                try recordEvent(.accountEnabled)
                return .enabled(username: name)
            case .unlock:
                try throttle.reset(name, in: db)
                try recordEvent(.throttleCleared)
                return .unlocked(username: name)
            case .expirePassword:
                try workers.accounts.requirePasswordChange(userID: id, now: now, in: db)
                try recordEvent(.passwordChangeRequired)
                return .passwordExpired(username: name)
            case .delete:
                // The trail keeps the person countable under a random pseudonym, and names no one.
                let pseudonym = "deleted:" + Hex.encode(RandomBytes.make(8))
                try self.audit.pseudonymize(userID: id, as: pseudonym, in: db)
                try throttle.reset(name, in: db)
                try workers.accounts.delete(userID: id, in: db)
                // An administrator deleting their own account leaves no actor: the account it
                // would name is gone, and naming it would undo the pseudonym.
                try self.audit.record(
                    .accountDeleted, usernameKey: pseudonym, userID: nil, by: actor.userID == id ? nil : actor,
                    now: now, in: db)
                return .deleted(username: name)
            case .resetSecondFactor:
                _ = try workers.factors.remove(userID: id, in: db)
                try recordEvent(.factorReset)
                return .secondFactorReset(username: name)
            case .revokeToken(let tokenID):
                let revoked = try workers.accessTokens.revoke(
                    userID: id, shortID: tokenID.lowercased(), now: now, in: db)
                guard let token = revoked.first else { return .noSuchToken(username: name) }
                try recordEvent(.accessTokenRevoked)
                return .tokenRevoked(username: name, token: token.name)
            case .revokePasskey(let passkeyID):
                // Unlike the user's own removal, the last passkey may go: the operator can set a
                // password for the account.
                guard let passkey = try workers.passkeys.find(userID: id, shortID: passkeyID, in: db),
                    try workers.passkeys.remove(id: passkey.id, userID: id, in: db)
                else { return .noSuchPasskey(username: name) }
                try self.audit.record(
                    .passkeyRemoved, usernameKey: name, userID: id, by: actor, detail: passkey.name, now: now, in: db)
                return .passkeyRevoked(username: name, passkey: passkey.name)
            case .endSessions:
                let ended = try workers.sessions.revokeAll(userID: id, now: now, in: db)
                try recordEvent(.sessionsRevoked)
                return .sessionsEnded(username: name, count: ended)
            case .setPassword, .roles:
                preconditionFailure("handled above")
            }
        }
    }

    /// Through the same rules as `passwd`; hashed outside the transaction; every session and access
    /// token ends.
    private func setPassword(_ password: String, for username: String, as authority: Admin.Authority, now: Date)
        throws -> Admin.Act.Response
    {
        // Checked before the hash (no Argon2id for a caller without the right) and again in the write.
        let found = try workers.database.read { db in
            if case .signedIn(let credential) = authority { try administrator(credential, now: now, in: db) }
            return try find(username, in: db)
        }
        let user = found.profile
        let name = try Username(user.username)
        let email = user.email.flatMap { try? EmailAddress($0) }
        let normalized: String
        do {
            normalized = try PasswordRules(policy: workers.policy).check(password, username: name, email: email)
        } catch {
            return .passwordRejected(error)
        }
        let hash = try workers.hasher.hash(normalized)
        return try workers.database.write { db in
            let actor = try actor(authority, now: now, in: db)
            let current = try find(username, in: db)
            guard current.profile.id == user.id else { throw Admin.AccountProblem.noSuchUser }
            try workers.accounts.updatePasswordHash(userID: user.id, to: hash, now: now, in: db)
            let ended = try workers.endSignInsForOperatorPassword(
                userID: user.id, usernameKey: user.username, by: actor, client: client, now: now, in: db)
            return .passwordSet(
                username: user.username, sessionsEnded: ended.sessions, accessTokensRevoked: ended.tokens)
        }
    }

    private func changeRoles(
        add: [String], remove: [String], for username: String, as authority: Admin.Authority, now: Date
    ) throws -> Admin.Act.Response {
        var adding: [RoleName] = []
        var removing: [RoleName] = []
        for (names, list) in [(add, 0), (remove, 1)] {
            for name in names {
                guard let role = try? RoleName(name) else { return .invalidRole(String(name.prefix(64))) }
                if list == 0 { adding.append(role) } else { removing.append(role) }
            }
        }
        return try workers.database.write { db in
            let actor = try actor(authority, now: now, in: db)
            let found = try find(username, in: db)
            let id = found.profile.id
            var changed = false
            for role in adding { changed = try workers.roles.add(role, userID: id, in: db) || changed }
            for role in removing { changed = try workers.roles.remove(role, userID: id, in: db) || changed }
            if changed {
                try audit.record(
                    .rolesChanged, usernameKey: found.profile.username, userID: id, by: actor, now: now, in: db)
            }
            return .roles(username: found.profile.username, roles: try workers.roles.roles(userID: id, in: db))
        }
    }

    /// The operator `authority` names, checked in the caller's write transaction.
    private func actor(_ authority: Admin.Authority, now: Date, in db: Database) throws -> AuthEvent.Operator {
        try administrators.actor(authority, now: now, in: db)
    }

    /// For the read-only requests: nil for an operator, else the checked administrator.
    @discardableResult
    private func administrator(_ credential: Admin.Credential?, now: Date, in db: Database) throws
        -> AuthEvent.Operator?
    {
        try credential.map { try administrators.administrator($0, recordingUse: false, now: now, in: db) }
    }

    private func find(_ username: String, in db: Database) throws -> AccountCredentials {
        let name: Username
        do { name = try Username(username) } catch { throw Admin.AccountProblem.invalidUsername(error) }
        guard let found = try workers.accounts.credentials(for: name, in: db) else {
            throw Admin.AccountProblem.noSuchUser
        }
        return found
    }

    private func account(_ found: AccountCredentials, _ now: Date, _ db: Database) throws -> Admin.Account {
        var profile = found.profile
        profile.roles = try workers.roles.roles(userID: profile.id, in: db)
        try workers.factors.describe(&profile, in: db)
        return Admin.Account(
            profile: profile, isDisabled: found.isDisabled,
            isLocked: try throttle.isLocked(profile.username, now: now, in: db),
            passwordChangeRequired: found.passwordChangeRequired, importedScheme: found.importedScheme)
    }
}
