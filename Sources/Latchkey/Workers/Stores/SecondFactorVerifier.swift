import Foundation

/// Checks a second-factor code: a TOTP code (each time step once) or an unused recovery code (once).
struct SecondFactorVerifier: Sendable {
    let store: SecondFactorStore
    let box: SecretBox
    let secret: InstallationSecret
    let totp = TOTP()

    enum Outcome: Equatable {
        case totp
        case recoveryCode
        case wrong
    }

    /// True when `code` is the factor's TOTP code within ±1 step and its step was not used yet; the
    /// step is then spent. (Confirming a new factor takes only this: it has no recovery codes yet.)
    func checkTOTP(_ code: String, userID: Int64, factor: StoredFactor, now: Date, in db: Database) throws -> Bool {
        let plain = try box.open(factor.sealedSecret, userID: userID)
        guard let step = totp.step(of: code.filter { !$0.isWhitespace }, secret: plain, at: now) else { return false }
        return try store.accept(step: step, userID: userID, in: db)
    }

    /// Checks `code` against the user's confirmed factor, and spends it.
    func check(_ code: String, userID: Int64, factor: StoredFactor, now: Date, in db: Database) throws -> Outcome {
        let typed = code.filter { !$0.isWhitespace }
        if typed.count == TOTP.digits, typed.allSatisfy(\.isASCII) {
            return try checkTOTP(typed, userID: userID, factor: factor, now: now, in: db) ? .totp : .wrong
        }
        guard let hash = try RecoveryCodes.hash(typed, secret: secret) else { return .wrong }
        return try store.useRecoveryCode(userID: userID, hash: hash, now: now, in: db) ? .recoveryCode : .wrong
    }
}
