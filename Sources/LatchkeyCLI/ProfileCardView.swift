import Foundation
import Latchkey

/// How a principal's profile looks in the terminal. Stored text is escaped: older data may hold
/// what a terminal would act on.
enum ProfileCardView {
    static func text(_ profile: Principal) -> String {
        let name = TerminalEscaping.escape(profile.username)
        var lines = [profile.displayName.map { "\(name) (\(TerminalEscaping.escape($0)))" } ?? name]
        let inSession = profile.sessionExpires != nil
        let codes = profile.recoveryCodesLeft
        let rows: [(String, String?)] = [
            (
                "Email",
                profile.email.map {
                    TerminalEscaping.escape($0) + (profile.emailVerified ? " (verified)" : " (not verified)")
                } ?? "not given"
            ),
            ("Phone", profile.phone ?? "not given"),
            ("Member since", DateText.format(profile.memberSince)),
            ("Last sign-in", profile.lastSignIn.map(DateText.format) ?? (inSession ? "none before this one" : nil)),
            ("Session expires", profile.sessionExpires.map(DateText.format)),
            ("Signed in with", SignInMethodsText.text(profile.amr)),
            ("Roles", profile.roles.isEmpty ? nil : profile.roles.joined(separator: ", ")),
            (
                "Second factor",
                !inSession
                    ? nil : profile.secondFactor ? "on, \(codes) recovery code\(codes == 1 ? "" : "s") left" : "off"
            ),
        ]
        for case (let label, let value?) in rows {
            // The labels are ASCII and shorter than the column.
            lines.append("  " + label + ":" + String(repeating: " ", count: 16 - label.count) + value)
        }
        return lines.joined(separator: "\n")
    }
}
