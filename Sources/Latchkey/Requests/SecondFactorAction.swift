/// What the signed-in user asks for.
public enum SecondFactorAction: Sendable, Hashable {
    /// A new secret, pending until confirmed (replaces an unconfirmed one).
    case enroll(password: String)
    /// Turns the pending factor on with a first code; answers the recovery codes.
    case confirm(code: String)
    /// Turn the second factor off: the password and a current code (or a recovery code).
    case disable(password: String, code: String)
    /// Replace the recovery codes: the password and a current code.
    case replaceRecoveryCodes(password: String, code: String)
}
