public import Foundation

/// A one-time password-reset code an operator or administrator issued, to hand over privately:
/// what the PasswordReset presenter shows (`latchkey admin reset-code`, and
/// `POST /v1/admin/users/{name}/reset-code`).
public struct IssuedResetCode: Codable, Sendable, Hashable {
    /// Whose password the code resets.
    public let username: String
    /// The code, shown this once. It sets the account's password: hand it over privately.
    public let code: String
    /// When the code stops working.
    public let expires: Date

    package init(username: String, code: String, expires: Date) {
        self.username = username
        self.code = code
        self.expires = expires
    }
}
