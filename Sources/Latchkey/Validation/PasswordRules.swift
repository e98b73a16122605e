import Foundation

/// Why a new password was refused.
public enum PasswordRejection: Error, Sendable, Hashable {
    case tooShort(minimum: Int)
    case tooLong(maximum: Int)
    case sameAsUsername
}

/// The password rules of NIST SP 800-63B rev. 4: length in code points after NFKC, no composition
/// rules, never truncated.
public struct PasswordRules: Sendable {
    /// The policy the rules read their numbers from.
    public let policy: SecurityPolicy

    /// Rules for `policy`.
    public init(policy: SecurityPolicy) {
        self.policy = policy
    }

    /// The form that is hashed and compared: NFKC, so look-alike encodings of one password match.
    public static func normalize(_ password: String) -> String {
        password.precomposedStringWithCompatibilityMapping
    }

    /// The normalized password, or why it is refused.
    public func check(_ password: String, username: Username) throws(PasswordRejection) -> String {
        // NFKC can expand a code point into at most 18; bound the input before normalizing it.
        guard password.unicodeScalars.count <= policy.maximumPasswordLength * 4 else {
            throw .tooLong(maximum: policy.maximumPasswordLength)
        }
        let normalized = Self.normalize(password)
        let length = normalized.unicodeScalars.count
        guard length >= policy.minimumPasswordLength else { throw .tooShort(minimum: policy.minimumPasswordLength) }
        guard length <= policy.maximumPasswordLength else { throw .tooLong(maximum: policy.maximumPasswordLength) }
        guard normalized.lowercased() != username.value else { throw .sameAsUsername }
        return normalized
    }

    /// The form to verify at sign-in, or nil when no stored password could match it (too long).
    public func normalizedForSignIn(_ password: String) -> String? {
        guard password.unicodeScalars.count <= policy.maximumPasswordLength * 4 else { return nil }
        let normalized = Self.normalize(password)
        return normalized.unicodeScalars.count <= policy.maximumPasswordLength ? normalized : nil
    }
}
