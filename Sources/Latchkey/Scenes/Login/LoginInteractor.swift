import Foundation

/// Checks credentials through the Workers and opens a session.
/// An unknown, malformed or disabled username, or an account without a usable password, costs the
/// same Argon2id work as a wrong password (the dummy verify, and nothing more), and
/// the throttle counts attempts for names that do not exist exactly as for those that do.
package final class LoginInteractor: SceneInteractor<any LoginPresentationLogic>, LoginBusinessLogic, LoginDataStore {
    package private(set) var signedInUser: UserProfile?
    package private(set) var session: SessionInfo?

    package func login(request: Login.Authenticate.Request) {
        signedInUser = nil
        session = nil
        presenter.presentLogin(response: SceneWork.respond { try authenticate(request) })
    }

    package func abandonSession(request: Login.Abandon.Request) {
        let now = workers.time.now()
        // Best effort: the display is already reporting why it could not keep the token.
        _ = try? workers.database.write { db in
            guard let found = try workers.sessions.find(request.token, in: db),
                try workers.sessions.revoke(sessionID: found.session.id, now: now, in: db) == 1
            else { return }
            try audit.record(
                .loggedOut, usernameKey: found.user.username, userID: found.user.id, now: now, in: db)
        }
        signedInUser = nil
        session = nil
    }

    private func authenticate(_ request: Login.Authenticate.Request) throws -> Login.Authenticate.Response {
        let now = workers.time.now()
        var label: String?
        if let input = request.label, !input.isEmpty {
            guard let checked = try? DisplayName(input) else { return .invalidLabel }
            label = checked.value
        }
        let username = try? Username(request.username)
        let reauthentication = reauthentication
        // Counted before the hash runs: parallel guesses cannot all slip under the limit.
        let attempt = try workers.database.write { db in
            let account = try username.flatMap { try workers.accounts.credentials(for: $0, in: db) }
            let key = try throttle.key(for: request.username, account: account)
            let reservation = try reauthentication.reserve(
                key, userID: account?.profile.id, failure: .loginFailed, now: now, in: db)
            let wait = reservation == nil ? try throttle.lockRemaining(key, now: now, in: db) : nil
            return (account: account, key: key, reservation: reservation, wait: wait)
        }
        // Refused without checking the password, in the same words for every name.
        guard let reservation = attempt.reservation else { return .throttled(retryAfter: attempt.wait ?? .zero) }
        // Always one full verify: against the real hash, or only the dummy at current parameters
        // when the answer is no whatever the password (a disabled account's hash is never computed).
        let account = attempt.account
        let password = reauthentication.verify(
            request.password, against: account?.passwordHash, imported: account?.importedScheme != nil,
            refused: account?.isDisabled == true)
        guard let password, let account, !account.isDisabled else {
            let reason: AuthEvent.FailureReason = account?.isDisabled == true ? .disabled : .badCredentials
            try reauthentication.recordFailure(
                .loginFailed, reason: reason, key: attempt.key, userID: account?.profile.id, now: now)
            return .invalidCredentials
        }
        return try signIn(account, password: password, label: label, reservation: reservation, now: now)
    }

    private func signIn(
        _ account: AccountCredentials, password: String, label: String?, reservation: ThrottleReservation, now: Date
    ) throws -> Login.Authenticate.Response {
        let token = workers.tokens.makeToken()
        let user = account.profile
        // Hashed before the transaction: Argon2id is too slow to hold the write lock for.
        // An imported hash gives way to Argon2id at policy strength at its first successful sign-in.
        let newHash =
            account.importedScheme != nil || workers.hasher.needsRehash(account.passwordHash)
            ? try workers.hasher.hash(password) : nil
        return try workers.database.write { db -> Login.Authenticate.Response in
            // The account is read again here: the password verified above must still be the stored
            // one (no passwd, disable or delete since), else this is a wrong password and its
            // reservation stays counted; and what the session opens into (a required password change)
            // is decided from the account as it is now, not as it was before the hash.
            guard let current = try workers.accounts.credentials(userID: user.id, in: db),
                current.passwordHash == account.passwordHash, !current.isDisabled
            else {
                try audit.record(
                    .loginFailed, reason: .badCredentials, usernameKey: reservation.key, userID: user.id, now: now,
                    in: db)
                return .invalidCredentials
            }
            if let newHash { try workers.accounts.rehash(userID: user.id, to: newHash, now: now, in: db) }
            let factorOn = try workers.factors.factor(userID: user.id, in: db)?.isEnabled == true
            // The password alone: a complete success without a factor, else only this attempt back.
            try reauthentication.settle(reservation, proof: .password, factorOn: factorOn, in: db)
            if factorOn {
                // The password was right; the session waits for the code.
                let challenge = LoginChallenge.make(expiresAt: now.addingTimeInterval(LoginChallenge.lifetime))
                try workers.factors.createChallenge(
                    hash: challenge.hash,
                    PendingChallenge(
                        userID: user.id, verifiedHash: newHash ?? account.passwordHash, label: label,
                        expiresAt: challenge.expiresAt), now: now, in: db)
                return .secondFactorRequired(challenge)
            }
            return try openSession(
                current, methods: AuthenticationMethod.passwordAlone, key: reservation.key, token: token,
                label: label, now: now, in: db)
        }
    }

    package func loginWithPasskey(request: Login.Passkey.Request) {
        signedInUser = nil
        session = nil
        presenter.presentLogin(response: SceneWork.respond { try authenticate(request) })
    }

    /// A passkey sign-in: counted in the throttle before anything is verified (per credential's
    /// account and per address, as a password), the assertion verified outside the transaction
    /// (an unknown credential against a stand-in key, so it costs what a known one costs), then
    /// decided in the write: the passkey still there and its account's, the account enabled, the
    /// challenge unused and for this account, the counter forward. With user verification the
    /// sign-in is complete; without, it is one factor, and an account with a second factor is asked
    /// for its code.
    private func authenticate(_ request: Login.Passkey.Request) throws -> Login.Authenticate.Response {
        let now = workers.time.now()
        var label: String?
        if let input = request.label, !input.isEmpty {
            guard let checked = try? DisplayName(input) else { return .invalidLabel }
            label = checked.value
        }
        guard let party = workers.relyingParty else { return .invalidCredentials }
        let credentialID = try? PasskeyAssertionVerifier.credentialID(of: request.credential)
        let reauthentication = reauthentication
        let attempt = try workers.database.write { db in
            let passkey = try credentialID.flatMap { try workers.passkeys.find(credentialID: $0, in: db) }
            let account = try passkey.flatMap { try workers.accounts.credentials(userID: $0.userID, in: db) }
            let key =
                try account.map(\.profile.username)
                ?? workers.secret.pseudonym(for: "passkey:" + Hex.encode(credentialID ?? []))
            let reservation = try reauthentication.reserve(
                key, userID: account?.profile.id, failure: .loginFailed, now: now, in: db)
            let wait = reservation == nil ? try throttle.lockRemaining(key, now: now, in: db) : nil
            return (passkey: passkey, account: account, key: key, reservation: reservation, wait: wait)
        }
        guard let reservation = attempt.reservation else { return .throttled(retryAfter: attempt.wait ?? .zero) }
        let verified: VerifiedPasskeyAssertion
        let challenge: PasskeyChallenge
        do throws(PasskeyError) {
            challenge = try PasskeyChallenge.inClientData(
                request.credential.response.clientDataJSON, for: .authentication, secret: workers.secret, now: now)
            verified = try PasskeyAssertionVerifier(relyingParty: party.verifying).verify(
                request.credential, challenge: challenge.bytes,
                publicKey: attempt.passkey?.publicKey ?? StandInPasskey.publicKey,
                storedSignCount: attempt.passkey?.signCount ?? 0)
        } catch {
            if case .counterWentBackwards = error, let passkey = attempt.passkey {
                try workers.database.write { db in
                    try workers.passkeys.flagCounterRegression(id: passkey.id, now: now, in: db)
                    try audit.record(
                        .passkeyCounterRegressed, usernameKey: attempt.key, userID: passkey.userID,
                        detail: passkey.name, now: now, in: db)
                }
            }
            try reauthentication.recordFailure(
                .loginFailed, key: attempt.key, userID: attempt.account?.profile.id, now: now)
            return .invalidCredentials
        }
        guard let passkey = attempt.passkey, attempt.account != nil else {
            try reauthentication.recordFailure(.loginFailed, key: attempt.key, userID: nil, now: now)
            return .invalidCredentials
        }
        return try workers.database.write { db -> Login.Authenticate.Response in
            func refuse(_ reason: AuthEvent.FailureReason = .badCredentials) throws -> Login.Authenticate.Response {
                try audit.record(
                    .loginFailed, reason: reason, usernameKey: attempt.key, userID: passkey.userID, now: now, in: db)
                return .invalidCredentials
            }
            guard let current = try workers.passkeys.find(credentialID: passkey.credentialID, in: db),
                current.userID == passkey.userID,
                let account = try workers.accounts.credentials(userID: passkey.userID, in: db)
            else { return try refuse() }
            guard !account.isDisabled else { return try refuse(.disabled) }
            // A sign-in after a username is that account's; a discoverable credential's user handle
            // is its account's.
            if let owner = challenge.userID, owner != passkey.userID { return try refuse() }
            if let handle = verified.userHandle, try workers.passkeys.user(handle: handle, in: db) != passkey.userID {
                return try refuse()
            }
            guard try workers.usedChallenges.use(challenge.bytes, expiresAt: challenge.expiresAt, now: now, in: db)
            else { return try refuse() }
            try workers.passkeys.recordUse(
                id: current.id, signCount: verified.signCount, backedUp: verified.backedUp, now: now, in: db)
            let factorOn = try workers.factors.factor(userID: passkey.userID, in: db)?.isEnabled == true
            guard verified.userVerified || !factorOn else {
                try reauthentication.settle(reservation, proof: .password, factorOn: true, in: db)
                let pending = LoginChallenge.make(expiresAt: now.addingTimeInterval(LoginChallenge.lifetime))
                try workers.factors.createChallenge(
                    hash: pending.hash,
                    PendingChallenge(
                        userID: passkey.userID, verifiedHash: Self.passkeyProof(current), label: label,
                        expiresAt: pending.expiresAt), now: now, in: db)
                return .secondFactorRequired(pending)
            }
            // A verified user is a complete sign-in on its own; without a second factor, so is presence.
            try reauthentication.settle(
                reservation, proof: verified.userVerified ? .passwordAndCode : .password, factorOn: factorOn, in: db)
            return try openSession(
                account,
                methods: AuthenticationMethod.passkey(userVerified: verified.userVerified, backedUp: verified.backedUp),
                key: attempt.key,
                token: workers.tokens.makeToken(), label: label, now: now, in: db)
        }
    }

    /// What a second-factor challenge opened by a passkey records in place of a verified password
    /// hash: the passkey it was, which must still be there when the code comes.
    static func passkeyProof(_ passkey: StoredPasskey) -> String {
        "passkey:" + Hex.encode(SHA256Digest.hash(passkey.credentialID))
    }

    package func completeLogin(request: Login.SecondFactor.Request) {
        signedInUser = nil
        session = nil
        let now = workers.time.now()
        presenter.presentLogin(
            response: SceneWork.respond {
                try workers.database.write { db in
                    let hash = request.challenge.hash
                    let reauthentication = reauthentication
                    guard let pending = try workers.factors.challenge(hash: hash, in: db), pending.expiresAt > now,
                        let account = try workers.accounts.credentials(userID: pending.userID, in: db)
                    else { return .invalidCredentials }
                    let key = account.profile.username
                    guard
                        let reservation = try reauthentication.reserve(
                            key, userID: pending.userID, failure: .loginFailed, now: now, in: db)
                    else {
                        return .throttled(
                            retryAfter: try throttle.lockRemaining(key, now: now, in: db) ?? .zero)
                    }
                    // The password (or passkey) verified at the first step must still be in force. A
                    // passkey there was one without user verification (with it, no code is asked).
                    let byPasskey = pending.verifiedHash.hasPrefix("passkey:")
                    let passkey =
                        byPasskey
                        ? try workers.passkeys.list(userID: pending.userID, in: db).first {
                            Self.passkeyProof($0) == pending.verifiedHash
                        } : nil
                    let proofHolds = byPasskey ? passkey != nil : account.passwordHash == pending.verifiedHash
                    guard proofHolds, !account.isDisabled else {
                        try workers.factors.deleteChallenge(hash: hash, in: db)
                        try audit.record(
                            .loginFailed, reason: .badCredentials, usernameKey: key, userID: pending.userID, now: now,
                            in: db)
                        return .invalidCredentials
                    }
                    var methods =
                        passkey.map { AuthenticationMethod.passkey(userVerified: false, backedUp: $0.backedUp) }
                        ?? AuthenticationMethod.passwordAlone
                    if let factor = try workers.factors.factor(userID: pending.userID, in: db), factor.isEnabled {
                        let kind = try reauthentication.codeKind(
                            request.code, user: account.profile, factor: factor, key: key, now: now, in: db)
                        guard kind != .wrong else {
                            // A challenge answers at most the throttle's number of wrong codes.
                            try workers.factors.countWrongCode(
                                hash: hash, limit: workers.policy.maximumFailedLogins, in: db)
                            return .invalidCredentials
                        }
                        methods = AuthenticationMethod.completing(methods, with: kind)
                    }
                    try workers.factors.deleteChallenge(hash: hash, in: db)
                    try reauthentication.settle(reservation, proof: .passwordAndCode, factorOn: true, in: db)
                    return try openSession(
                        account, methods: methods, key: key, token: workers.tokens.makeToken(), label: pending.label,
                        now: now, in: db)
                }
            })
    }

    /// Opens the session of a sign-in that passed every check with `methods`, in the caller's transaction.
    private func openSession(
        _ account: AccountCredentials, methods: [AuthenticationMethod], key: String, token: SessionToken,
        label: String?, now: Date, in db: Database
    ) throws -> Login.Authenticate.Response {
        var user = account.profile
        try workers.accounts.recordLogin(userID: user.id, now: now, in: db)
        try workers.sessions.purgeDead(userID: user.id, now: now, policy: workers.policy, in: db)
        try audit.record(.loginSucceeded, usernameKey: key, userID: user.id, now: now, in: db)
        user.roles = try workers.roles.roles(userID: user.id, in: db)
        try workers.factors.describe(&user, in: db)
        let opened = try workers.sessions.create(
            for: user, token: token, methods: methods, label: label, client: client, now: now,
            lifetime: workers.policy.sessionLifetime, in: db)
        if account.passwordChangeRequired {
            return .passwordChangeRequired(user: user, session: opened, token: token)
        }
        signedInUser = user
        session = opened
        return .signedIn(user: user, session: opened, token: token)
    }
}
