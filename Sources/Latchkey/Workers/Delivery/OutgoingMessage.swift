public import Foundation

/// A message Latchkey asks the application to deliver: a password-reset code, an email verification
/// code, or a notice to an old address that the account's address is changing. Latchkey
/// owns the code, its lifetime, throttling and audit; the application owns delivery (mail, SMS, a
/// queue), as Django's and Rails' resets leave it to the app.
public struct OutgoingMessage: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What the message is for.
    public enum Kind: String, Sendable, Hashable {
        /// A password-reset code (and link token).
        case passwordReset = "password_reset"
        /// A code proving the address `to` is the user's.
        case emailVerification = "email_verification"
        /// To the old address: the account asked to change its address (no code).
        case emailChangeNotice = "email_change_notice"
        /// To the account's verified address: the address it was waiting to prove was proved by
        /// another account first, so its pending change was dropped (no code; `newAddress` is the
        /// dropped address, masked).
        case emailPendingDropped = "email_pending_dropped"
    }

    /// What the message is for.
    public let kind: Kind
    /// Where it goes: for a reset, the account's address when verified, else nil (the application
    /// decides, or an operator hands the code over); for a verification, the address to prove; for
    /// a notice, the old address.
    public let to: String?
    /// The account it concerns.
    public let username: String
    /// The account's display name, for a greeting, when it has one.
    public let displayName: String?
    /// The code to type, `XXXX-XXXX` (nil for a notice). A secret: never log it.
    public let code: String?
    /// The token for a link (the application builds the URL; nil for a notice). A secret: never log it.
    public let linkToken: String?
    /// When the code stops working (for a notice: when the new address's code does).
    public let expiresAt: Date
    /// For a notice: the address the account is changing to (or, dropped, was).
    public var newAddress: String? = nil

    /// Without the code and the link token, so logging a message by accident leaks neither.
    public var description: String {
        "OutgoingMessage(\(kind.rawValue) for \(username), code and link redacted, expires \(expiresAt))"
    }
    public var debugDescription: String { description }
}
