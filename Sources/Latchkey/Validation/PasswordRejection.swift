import Foundation

/// Why a new password was refused.
package enum PasswordRejection: Error, Sendable, Hashable {
    case tooShort(minimum: Int)
    case tooLong(maximum: Int)
    /// The password holds the username (or is it).
    case containsUsername
    /// The password holds the local part of the email address.
    case containsEmail
    /// The password is on the list of the most common passwords.
    case common
    /// The password holds NUL or another control character, which no keyboard types on purpose.
    case controlCharacters
}
