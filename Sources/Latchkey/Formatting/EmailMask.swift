/// Masks an email address for an operator's list: the first character of the name and the domain
/// stay, the rest of the name becomes `•••` (its length is not shown).
package enum EmailMask {
    /// `a•••@example.com`.
    package static func mask(_ email: String) -> String {
        guard let at = email.lastIndex(of: "@"), let first = email.first, at != email.startIndex else { return "•••" }
        return String(first) + "•••" + email[at...]
    }
}
