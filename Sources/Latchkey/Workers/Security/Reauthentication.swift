import Foundation

/// The one re-authentication sequence every scene that asks for a password uses: reserve in the
/// throttle, verify the password (Argon2id, outside any transaction), verify the second factor where
/// it is on, re-check in the write (no check-then-act). It holds the one rule for what
/// ends a run of failures: only a complete success (the password and, where it is on, the second
/// factor); a right password alone gives back the one attempt it reserved and nothing else.
struct Reauthentication: Sendable {
    let workers: LatchkeyWorkers
    /// The client of the request being re-authenticated.
    let client: ClientContext?

    private var throttle: LoginThrottle {
        LoginThrottle(policy: workers.policy, secret: workers.secret, client: client)
    }
    private var audit: AuditLog { AuditLog(client: client) }

    /// What the caller proved in the write, which decides how its reservation is settled.
    enum Proof {
        /// The password alone (the scene asked for no code).
        case password
        /// The password and a right second-factor code.
        case passwordAndCode
        /// A right code alone (confirming a pending factor): never ends a run.
        case codeAlone
    }

    // MARK: The steps, for scenes whose subject is not a session (sign-in)

    /// Counts one attempt for `key` in the caller's write transaction; nil (and audited) when locked.
    func reserve(
        _ key: String, userID: Int64?, failure: AuthEvent.Kind, now: Date, in db: Database
    ) throws -> ThrottleReservation? {
        let reservation = try throttle.reserve(key, now: now, in: db)
        if reservation == nil {
            try audit.record(failure, reason: .throttled, usernameKey: key, userID: userID, now: now, in: db)
        }
        return reservation
    }

    /// The normalized password when `typed` matches `hash`. A refusal known before any hash (no
    /// account, a disabled one, no usable password, an imported hash past the costs Latchkey
    /// verifies) runs exactly the policy's verify of the dummy hash, never the account's own, so it
    /// costs what an unknown name costs: no quicker, no slower. An imported hash (`imported`) is
    /// verified as its system made it, from the password as typed, and then the dummy hash too: a
    /// sign-in never costs less than the policy's Argon2id, so timing does not tell imported
    /// accounts apart by a weak hash.
    func verify(_ typed: String, against hash: String?, imported: Bool = false, refused: Bool = false) -> String? {
        let password = PasswordRules(policy: workers.policy).normalizedForSignIn(typed)
        let dummy = { _ = workers.hasher.verify(password ?? "", against: workers.hasher.dummyHash) }
        guard !refused, let hash, hash != ImportCandidate.noPassword else {
            dummy()
            return nil
        }
        guard imported else { return workers.hasher.verify(password ?? "", against: hash) ? password : nil }
        // Checked again as it is read: an older import may hold a cost past today's caps.
        guard let foreign = ForeignHash(hash) else {
            dummy()
            return nil
        }
        let verified = password != nil && workers.importedHashes.verify(typed, against: foreign)
        dummy()
        return verified ? password : nil
    }

    /// Records a failed attempt (its reservation stays counted: a failure needs no second write).
    func recordFailure(
        _ kind: AuthEvent.Kind, reason: AuthEvent.FailureReason = .badCredentials, key: String, userID: Int64?,
        now: Date
    ) throws {
        try workers.database.write { db in
            try audit.record(kind, reason: reason, usernameKey: key, userID: userID, now: now, in: db)
        }
    }

    /// Checks a second-factor code in the caller's write; a wrong one is audited and stays counted.
    func checkCode(_ code: String, user: UserProfile, factor: StoredFactor, key: String, now: Date, in db: Database)
        throws -> Bool
    {
        try codeKind(code, user: user, factor: factor, key: key, now: now, in: db) != .wrong
    }

    /// `checkCode`, answering which kind of code it was (a sign-in records it among its methods).
    func codeKind(_ code: String, user: UserProfile, factor: StoredFactor, key: String, now: Date, in db: Database)
        throws -> SecondFactorVerifier.Outcome
    {
        let outcome = try workers.verifier.check(code, userID: user.id, factor: factor, now: now, in: db)
        switch outcome {
        case .wrong: try audit.record(.codeFailed, usernameKey: key, userID: user.id, now: now, in: db)
        case .recoveryCode: try audit.record(.recoveryCodeUsed, usernameKey: key, userID: user.id, now: now, in: db)
        case .totp: break
        }
        return outcome
    }

    /// Settles a reservation whose checks all passed, by the one rule: a complete success ends the
    /// run; anything less gives back only this attempt. `factorOn` is the factor's state when checked.
    func settle(_ reservation: ThrottleReservation, proof: Proof, factorOn: Bool, in db: Database) throws {
        switch proof {
        case .passwordAndCode:
            try throttle.release(reservation, in: db)
        case .password where !factorOn:
            try throttle.release(reservation, in: db)
        case .password, .codeAlone:
            try throttle.giveBack(reservation, in: db)
        }
    }

    // MARK: The whole sequence, for scenes of a signed-in user

    /// Re-authenticates the user of `token` with `password` (and `code`, checked when the factor is
    /// on), runs `prepare` with the user and the verified password outside any transaction (hashing a
    /// new one),
    /// then `body` in the write transaction that re-checked the session and the verified hash, and
    /// settles the reservation by what was proved.
    func run<Prepared, Response: ReauthenticationAnswer>(
        token: SessionToken?, password: String, code: String? = nil, forPasswordChange: Bool = false,
        failure: AuthEvent.Kind, now: Date,
        prepare: (UserProfile, String) throws -> Prepared,
        _ body: (StoredSession, Prepared, Database) throws -> Response
    ) throws -> Response {
        let reserved = try workers.database.write { db in
            let found = try workers.gate.authenticate(token, now: now, forPasswordChange: forPasswordChange, in: db)
            guard let account = try workers.accounts.credentials(userID: found.user.id, in: db) else {
                throw SessionProblem.notSignedIn
            }
            let key = found.user.username
            let reservation = try reserve(key, userID: found.user.id, failure: failure, now: now, in: db)
            return (
                user: found.user, hash: account.passwordHash, imported: account.importedScheme != nil,
                reservation: reservation,
                wait: reservation == nil ? try throttle.lockRemaining(key, now: now, in: db) : nil
            )
        }
        guard let reservation = reserved.reservation else { return .throttled(retryAfter: reserved.wait ?? .zero) }
        guard let verified = verify(password, against: reserved.hash, imported: reserved.imported) else {
            try recordFailure(failure, key: reservation.key, userID: reserved.user.id, now: now)
            return .invalidCredentials
        }
        let prepared = try prepare(reserved.user, verified)
        return try workers.database.write { db in
            let found = try workers.gate.authenticate(token, now: now, forPasswordChange: forPasswordChange, in: db)
            // The verified password must still be the stored one (no passwd or reset since).
            guard try workers.accounts.passwordHash(userID: found.user.id, in: db) == reserved.hash else {
                try audit.record(
                    failure, reason: .badCredentials, usernameKey: reservation.key, userID: found.user.id, now: now,
                    in: db)
                return .invalidCredentials
            }
            let factor = try workers.factors.factor(userID: found.user.id, in: db)
            var proof = Proof.password
            if let code, let factor, factor.isEnabled {
                guard try checkCode(code, user: found.user, factor: factor, key: reservation.key, now: now, in: db)
                else { return .invalidCredentials }
                proof = .passwordAndCode
            }
            let response = try body(found, prepared, db)
            try settle(reservation, proof: proof, factorOn: factor?.isEnabled == true, in: db)
            try workers.gate.recordUse(found, now: now, in: db)
            return response
        }
    }

    /// `run` without a preparation step.
    func run<Response: ReauthenticationAnswer>(
        token: SessionToken?, password: String, code: String? = nil, failure: AuthEvent.Kind, now: Date,
        _ body: (StoredSession, Database) throws -> Response
    ) throws -> Response {
        try run(token: token, password: password, code: code, failure: failure, now: now, prepare: { _, _ in () }) {
            found, _, db in try body(found, db)
        }
    }
}

extension ChangePassword.Update.Response: ReauthenticationAnswer {}
extension SecondFactor.Change.Response: ReauthenticationAnswer {}
