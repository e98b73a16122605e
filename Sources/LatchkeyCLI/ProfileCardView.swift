import Foundation
import Latchkey

/// How a profile card looks in the terminal. Stored text is escaped: older data may hold what a
/// terminal would act on.
enum ProfileCardView {
    static func text(_ card: ProfileCard) -> String {
        let name = TerminalEscaping.escape(card.username)
        var lines = [card.displayName.map { "\(name) (\(TerminalEscaping.escape($0)))" } ?? name]
        let rows: [(String, String?)] = [
            (
                "Email",
                card.email.map {
                    TerminalEscaping.escape($0) + (card.emailVerified ? " (verified)" : " (not verified)")
                }
                    ?? "not given"
            ),
            ("Phone", card.maskedPhone ?? "not given"),
            ("Member since", card.memberSince),
            ("Last sign-in", card.lastSignIn ?? (card.sessionExpires == nil ? nil : "none before this one")),
            ("Session expires", card.sessionExpires),
            ("Roles", card.roles.isEmpty ? nil : card.roles.joined(separator: ", ")),
            ("Second factor", card.sessionExpires == nil ? nil : card.secondFactor),
        ]
        for case (let label, let value?) in rows {
            lines.append("  " + (label + ":").padding(toLength: 17, withPad: " ", startingAt: 0) + value)
        }
        return lines.joined(separator: "\n")
    }
}
