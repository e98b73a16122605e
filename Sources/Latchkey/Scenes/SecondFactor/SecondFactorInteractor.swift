import Foundation

/// Enrolls, confirms, disables the TOTP factor and replaces recovery codes. Password checks are
/// reserved in the throttle before Argon2id and re-checked when writing, as for `passwd`; wrong codes
/// count in the throttle too.
public final class SecondFactorInteractor: SceneInteractor<any SecondFactorPresentationLogic>, SecondFactorBusinessLogic
{
    public func change(request: SecondFactor.Change.Request) {
        presenter.presentChange(response: SceneWork.respond { try apply(request) })
    }

    private func apply(_ request: SecondFactor.Change.Request) throws -> SecondFactor.Change.Response {
        let now = workers.time.now()
        switch request.action {
        case .enroll(let password):
            return try withPassword(password, token: request.token, now: now) { found, db in
                if try workers.factors.factor(userID: found.user.id, in: db)?.isEnabled == true { return .alreadyOn }
                let secret = RandomBytes.make(TOTP.secretBytes)
                let sealed = try workers.box.seal(secret, userID: found.user.id)
                try workers.factors.savePending(userID: found.user.id, sealedSecret: sealed, now: now, in: db)
                return .pending(
                    uri: TOTP.uri(issuer: workers.policy.totpIssuer, account: found.user.username, secret: secret),
                    secret: TOTP.base32(secret))
            }
        case .confirm(let code):
            return try workers.database.write { db in
                let found = try workers.gate.authenticate(request.token, now: now, in: db)
                let user = found.user
                guard let factor = try workers.factors.factor(userID: user.id, in: db), !factor.isEnabled else {
                    return .notOn
                }
                guard let reservation = try reserve(user, now, db) else { return .throttled }
                guard try workers.verifier.checkTOTP(code, userID: user.id, factor: factor, now: now, in: db) else {
                    try workers.audit.record(.codeFailed, usernameKey: user.username, userID: user.id, now: now, in: db)
                    return .invalidCredentials
                }
                try workers.throttle.release(reservation, in: db)
                try workers.factors.enable(userID: user.id, now: now, in: db)
                let codes = try replaceCodes(user.id, db)
                try workers.audit.record(.factorEnabled, usernameKey: user.username, userID: user.id, now: now, in: db)
                return .enabled(recoveryCodes: codes)
            }
        case .disable(let password, let code), .replaceRecoveryCodes(let password, let code):
            return try withPassword(password, token: request.token, now: now) { found, db in
                let user = found.user
                guard let factor = try workers.factors.factor(userID: user.id, in: db), factor.isEnabled else {
                    return .notOn
                }
                if try workers.verifier.check(code, userID: user.id, factor: factor, now: now, in: db) == .wrong {
                    try workers.audit.record(.codeFailed, usernameKey: user.username, userID: user.id, now: now, in: db)
                    return .invalidCredentials
                }
                if case .disable = request.action {
                    _ = try workers.factors.remove(userID: user.id, in: db)
                    try workers.audit.record(
                        .factorDisabled, usernameKey: user.username, userID: user.id, now: now, in: db)
                    return .disabled
                }
                let codes = try replaceCodes(user.id, db)
                try workers.audit.record(
                    .recoveryCodesReplaced, usernameKey: user.username, userID: user.id, now: now, in: db)
                return .recoveryCodes(codes)
            }
        }
    }

    /// Verifies the password like `passwd` does (reserved first, Argon2id outside any transaction),
    /// then runs `body` in a write transaction that re-checks the session and the verified hash.
    private func withPassword(
        _ password: String, token: SessionToken?, now: Date,
        _ body: (StoredSession, Database) throws -> SecondFactor.Change.Response
    ) throws -> SecondFactor.Change.Response {
        let attempt = try workers.database.write { db in
            let found = try workers.gate.authenticate(token, now: now, in: db)
            let account = try workers.accounts.credentials(userID: found.user.id, in: db)
            return (found: found, hash: account?.passwordHash, reservation: try reserve(found.user, now, db))
        }
        guard let reservation = attempt.reservation else { return .throttled }
        let user = attempt.found.user
        let typed = PasswordRules(policy: workers.policy).normalizedForSignIn(password)
        guard let hash = attempt.hash, workers.hasher.verify(typed ?? "", against: hash), typed != nil else {
            try workers.database.write { db in
                try workers.audit.record(
                    .loginFailed, reason: .badCredentials, usernameKey: user.username, userID: user.id, now: now, in: db
                )
            }
            return .invalidCredentials
        }
        return try workers.database.write { db in
            let found = try workers.gate.authenticate(token, now: now, in: db)
            guard try workers.accounts.passwordHash(userID: user.id, in: db) == hash else { return .invalidCredentials }
            let response = try body(found, db)
            // A right password gives its attempt back, unless a wrong code followed it.
            if response != .invalidCredentials { try workers.throttle.release(reservation, in: db) }
            return response
        }
    }

    private func reserve(_ user: UserProfile, _ now: Date, _ db: Database) throws -> ThrottleReservation? {
        let reservation = try workers.throttle.reserve(user.username, now: now, policy: workers.policy, in: db)
        if reservation == nil {
            try workers.audit.record(
                .loginFailed, reason: .throttled, usernameKey: user.username, userID: user.id, now: now, in: db)
        }
        return reservation
    }

    private func replaceCodes(_ userID: Int64, _ db: Database) throws -> [String] {
        let codes = RecoveryCodes.make()
        let hashes = try codes.map { try RecoveryCodes.hash($0, secret: workers.secret)! }
        try workers.factors.replaceRecoveryCodes(userID: userID, hashes: hashes, in: db)
        return codes
    }
}
