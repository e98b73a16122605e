import Foundation

/// The password rules of NIST SP 800-63B rev. 4 and ASVS 5 (6.2): length in code points after NFKC,
/// no composition rules, never truncated, not a common password, not built on the username or email.
package struct PasswordRules: Sendable {
    /// The policy the rules read their numbers from.
    package let policy: SecurityPolicy

    /// Rules for `policy`.
    package init(policy: SecurityPolicy) {
        self.policy = policy
    }

    /// The form that is hashed and compared: NFKC, so look-alike encodings of one password match.
    package static func normalize(_ password: String) -> String {
        password.precomposedStringWithCompatibilityMapping
    }

    /// The normalized password, or why it is refused.
    package func check(_ password: String, username: Username, email: EmailAddress? = nil) throws(PasswordRejection)
        -> String
    {
        // NFKC can expand a code point into at most 18; bound the input before normalizing it.
        guard password.unicodeScalars.count <= policy.maximumPasswordLength * 4 else {
            throw .tooLong(maximum: policy.maximumPasswordLength)
        }
        guard !password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .controlCharacters
        }
        let normalized = Self.normalize(password)
        let length = normalized.unicodeScalars.count
        guard length >= policy.minimumPasswordLength else { throw .tooShort(minimum: policy.minimumPasswordLength) }
        guard length <= policy.maximumPasswordLength else { throw .tooLong(maximum: policy.maximumPasswordLength) }
        let folded = normalized.lowercased()
        guard !folded.contains(username.value) else { throw .containsUsername }
        // A local part shorter than a username would reject far too much ("a@…").
        if let local = email?.value.split(separator: "@").first?.lowercased(), local.count >= 3, folded.contains(local)
        {
            throw .containsEmail
        }
        guard !CommonPasswords.contains(folded) else { throw .common }
        return normalized
    }

    /// The form to verify at sign-in, or nil when no stored password could match it (too long).
    package func normalizedForSignIn(_ password: String) -> String? {
        guard password.unicodeScalars.count <= policy.maximumPasswordLength * 4 else { return nil }
        let normalized = Self.normalize(password)
        return normalized.unicodeScalars.count <= policy.maximumPasswordLength ? normalized : nil
    }
}
