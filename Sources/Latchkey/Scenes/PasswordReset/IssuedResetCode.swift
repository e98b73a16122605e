package import Foundation

/// A reset code an operator issued, to hand over privately: what the PasswordReset presenter shows.
package struct IssuedResetCode: Encodable, Sendable, Hashable {
    /// Whose password the code resets.
    package let username: String
    /// The code, shown this once.
    package let code: String
    /// When the code stops working.
    package let expires: Date
}
