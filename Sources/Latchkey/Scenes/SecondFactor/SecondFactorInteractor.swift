import Foundation

/// Enrolls, confirms, disables the TOTP factor and replaces recovery codes. The password (and the
/// code, where the factor is on) goes through the one re-authentication sequence; wrong codes count
/// in the throttle like wrong passwords.
package final class SecondFactorInteractor: SceneInteractor<any SecondFactorPresentationLogic>,
    SecondFactorBusinessLogic
{
    package func change(request: SecondFactor.Change.Request) {
        presenter.presentChange(response: SceneWork.respond { try apply(request) })
    }

    private func apply(_ request: SecondFactor.Change.Request) throws -> SecondFactor.Change.Response {
        let now = workers.time.now()
        let reauthentication = reauthentication
        switch request.action {
        case .enroll(let password):
            return try reauthentication.run(token: request.token, password: password, failure: .loginFailed, now: now) {
                found, db in
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
                guard
                    let reservation = try reauthentication.reserve(
                        user.username, userID: user.id, failure: .loginFailed, now: now, in: db)
                else {
                    return .throttled(
                        retryAfter: try throttle.lockRemaining(user.username, now: now, in: db) ?? .zero)
                }
                guard try workers.verifier.checkTOTP(code, userID: user.id, factor: factor, now: now, in: db) else {
                    try audit.record(.codeFailed, usernameKey: user.username, userID: user.id, now: now, in: db)
                    return .invalidCredentials
                }
                try reauthentication.settle(reservation, proof: .codeAlone, factorOn: false, in: db)
                try workers.gate.recordUse(found, now: now, in: db)
                try workers.factors.enable(userID: user.id, now: now, in: db)
                let codes = try replaceCodes(user.id, db)
                try audit.record(.factorEnabled, usernameKey: user.username, userID: user.id, now: now, in: db)
                return .enabled(recoveryCodes: codes)
            }
        case .disable(let password, let code), .replaceRecoveryCodes(let password, let code):
            return try reauthentication.run(
                token: request.token, password: password, code: code, failure: .loginFailed, now: now
            ) { found, db in
                let user = found.user
                guard try workers.factors.factor(userID: user.id, in: db)?.isEnabled == true else { return .notOn }
                if case .disable = request.action {
                    _ = try workers.factors.remove(userID: user.id, in: db)
                    try audit.record(
                        .factorDisabled, usernameKey: user.username, userID: user.id, now: now, in: db)
                    return .disabled
                }
                let codes = try replaceCodes(user.id, db)
                try audit.record(
                    .recoveryCodesReplaced, usernameKey: user.username, userID: user.id, now: now, in: db)
                return .recoveryCodes(codes)
            }
        }
    }

    private func replaceCodes(_ userID: Int64, _ db: Database) throws -> [String] {
        let codes = RecoveryCodes.make()
        let hashes = try codes.map { try RecoveryCodes.hash($0, secret: workers.secret)! }
        try workers.factors.replaceRecoveryCodes(userID: userID, hashes: hashes, in: db)
        return codes
    }
}
