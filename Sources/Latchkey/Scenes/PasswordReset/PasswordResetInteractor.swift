import Foundation

/// Asks for and completes password resets by one-time code; a completed reset ends every session
/// and access token of the account. A request for an unknown or disabled
/// account does the same work (one write, one audit event) and answers the same; wrong codes count
/// in the sign-in throttle like wrong passwords, and only a completed reset ends their lock. The
/// code is checked in a write transaction before the new password is hashed, and used (deleted) in
/// the one that stores it, so of two completions racing with one code exactly one wins.
package final class PasswordResetInteractor: SceneInteractor<any PasswordResetPresentationLogic>,
    PasswordResetBusinessLogic
{
    package func beginReset(request: PasswordReset.Begin.Request) {
        presenter.presentBegun(response: SceneWork.respond { try begin(request) })
    }

    package func completeReset(request: PasswordReset.Complete.Request) {
        presenter.presentCompleted(response: SceneWork.respond { try complete(request) })
    }

    package func issueCode(request: PasswordReset.Issue.Request) {
        presenter.presentIssued(response: SceneWork.respond { try issue(request) })
    }

    private func begin(_ request: PasswordReset.Begin.Request) throws -> PasswordReset.Begin.Response {
        guard workers.canDeliver else { return .deliveryNotConfigured }
        // Room for the message first, before anything is looked up: a full queue refuses every
        // request alike, and no code is issued that would never be sent.
        let reservation = try workers.reserveDelivery()
        let now = workers.time.now()
        let message: OutgoingMessage? = try workers.database.write { db in
            // Every request counts against its address, whichever account it names, so the budget
            // tells nothing about accounts either.
            let withinBudget = try codeRequests.countRequest(now: now, in: db)
            let typed = String(request.account.prefix(1_024))
            let account: AccountCredentials? =
                if let name = try? Username(typed) {
                    try workers.accounts.credentials(for: name, in: db)
                } else if let email = try? EmailAddress(typed) {
                    try workers.accounts.credentials(verifiedEmail: email, in: db)
                } else {
                    nil
                }
            guard let account, !account.isDisabled else {
                // The same write as for an account: one audit event, under a keyed pseudonym of the text.
                try audit.record(
                    .passwordResetRequested, usernameKey: try throttle.key(for: typed, account: account),
                    userID: account?.profile.id, now: now, in: db)
                return nil
            }
            let user = account.profile
            // Answered alike, but the live code stays and nothing is delivered: a stranger cannot
            // void the code the owner just received, nor run the delivery in a loop.
            let cooling = try codeRequests.coolingDown(
                userID: user.id, kind: .passwordReset, codes: workers.oneTimeCodes, now: now, in: db)
            guard withinBudget, !cooling else {
                try audit.record(
                    .passwordResetRequested, usernameKey: user.username, userID: user.id,
                    detail: cooling ? CodeRequestLimit.coolingDetail : CodeRequestLimit.overBudgetDetail, now: now,
                    in: db)
                return nil
            }
            let (code, expires) = try workers.oneTimeCodes.make(
                for: user.id, kind: .passwordReset, secret: workers.secret, policy: workers.policy, now: now, in: db)
            try audit.record(
                .passwordResetRequested, usernameKey: user.username, userID: user.id, now: now, in: db)
            return OutgoingMessage(
                kind: .passwordReset, to: user.emailVerified ? user.email : nil, username: user.username,
                displayName: user.displayName, code: code.code, linkToken: code.linkToken, expiresAt: expires)
        }
        // After the commit: a delivery never holds the transaction, and the service's goes after the answer.
        if let message { reservation.send(message, with: workers) }
        return .requested
    }

    private func issue(_ request: PasswordReset.Issue.Request) throws -> PasswordReset.Issue.Response {
        let now = workers.time.now()
        return try workers.database.write { db in
            let actor: AuthEvent.Operator
            do {
                actor = try AdministratorCheck(workers: workers, client: client).actor(
                    request.authority, now: now, in: db)
            } catch let problem as Admin.AccessProblem {
                return .refused(problem)
            }
            guard let name = try? Username(request.username),
                let account = try workers.accounts.credentials(for: name, in: db)
            else { return .noSuchUser }
            let user = account.profile
            guard !account.isDisabled else { return .disabled(username: user.username) }
            let (code, expires) = try workers.oneTimeCodes.make(
                for: user.id, kind: .passwordReset, secret: workers.secret, policy: workers.policy, now: now, in: db)
            try audit.record(
                .passwordResetCodeIssued, usernameKey: user.username, userID: user.id, by: actor, now: now,
                in: db)
            return .issued(username: user.username, code: code.code, expiresAt: expires)
        }
    }

    /// A code checked and its attempt counted, before the new password is hashed.
    private struct Checked: Sendable {
        let code: StoredOneTimeCode
        let account: AccountCredentials
        let reservation: ThrottleReservation
    }

    private func complete(_ request: PasswordReset.Complete.Request) throws -> PasswordReset.Complete.Response {
        let now = workers.time.now()
        let checked: Checked
        switch try check(request.proof, now: now) {
        case .success(let value): checked = value
        case .failure(let refusal): return refusal.response
        }
        let user = checked.account.profile
        let hash: String
        do {
            let email = user.email.flatMap { try? EmailAddress($0) }
            let normalized = try PasswordRules(policy: workers.policy).check(
                request.newPassword, username: try Username(user.username), email: email)
            hash = try workers.hasher.hash(normalized)
        } catch let rejection as PasswordRejection {
            // The code was right: its attempt is not a failure, and the code stays for a better password.
            try workers.database.write { db in try throttle.giveBack(checked.reservation, in: db) }
            return .rejected(rejection)
        }
        return try workers.database.write { db in
            guard try workers.oneTimeCodes.consume(checked.code, in: db) else {
                try audit.record(
                    .passwordResetCodeFailed, usernameKey: user.username, userID: user.id, now: now, in: db)
                return .invalidCode
            }
            try workers.accounts.updatePasswordHash(userID: user.id, to: hash, now: now, in: db)
            let ended = try workers.sessions.revokeAll(userID: user.id, now: now, in: db)
            let revoked = try workers.revokeAccessTokens(
                userID: user.id, usernameKey: user.username, client: client, now: now, in: db)
            try workers.oneTimeCodes.deleteAll(userID: user.id, in: db)
            // A completed reset ends the name's lock, wherever it came from.
            try throttle.reset(user.username, in: db)
            try audit.record(.passwordReset, usernameKey: user.username, userID: user.id, now: now, in: db)
            return .reset(username: user.username, sessionsEnded: ended, accessTokensRevoked: revoked)
        }
    }

    private enum Problem: Error {
        case invalid
        case throttled(Duration)

        var response: PasswordReset.Complete.Response {
            switch self {
            case .invalid: .invalidCode
            case .throttled(let wait): .throttled(retryAfter: wait)
            }
        }
    }

    /// Finds the account and its live code, counts the attempt in the throttle, and compares the
    /// code in constant time; a failure keeps its count (and is audited when an account is known).
    private func check(_ proof: PasswordReset.Complete.Proof, now: Date) throws -> Result<Checked, Problem> {
        try workers.database.write { db in
            let account: AccountCredentials?
            let stored: StoredOneTimeCode?
            switch proof {
            case .code(let username, _):
                account = try (try? Username(username)).flatMap { try workers.accounts.credentials(for: $0, in: db) }
                stored = try account.flatMap {
                    try workers.oneTimeCodes.find(userID: $0.profile.id, kind: .passwordReset, in: db)
                }
            case .link(let token):
                // 256 bits: an unknown link is not a guess worth counting, and names no one.
                guard let linkHash = OneTimeCode.linkHash(token),
                    let found = try workers.oneTimeCodes.find(linkHash: linkHash, in: db), found.kind == .passwordReset
                else { return .failure(.invalid) }
                stored = found
                account = try workers.accounts.credentials(userID: found.userID, in: db)
            }
            let typedName: String =
                switch proof {
                case .code(let username, _): username
                case .link: account?.profile.username ?? ""
                }
            let key = try throttle.key(for: typedName, account: account)
            guard let reservation = try throttle.reserve(key, now: now, in: db) else {
                return .failure(.throttled(try throttle.lockRemaining(key, now: now, in: db) ?? .zero))
            }
            let matches: Bool
            switch (proof, stored, account) {
            case (.code(_, let typed), let stored?, _?):
                matches = try OneTimeCode.matches(typed, stored, secret: workers.secret)
            case (.link, _?, _?): matches = true
            default: matches = false
            }
            guard matches, let stored, let account, !account.isDisabled, stored.expiresAt > now else {
                if let account {
                    try audit.record(
                        .passwordResetCodeFailed, usernameKey: account.profile.username, userID: account.profile.id,
                        now: now, in: db)
                }
                return .failure(.invalid)
            }
            return .success(Checked(code: stored, account: account, reservation: reservation))
        }
    }
}
