import Foundation
import Latchkey

/// How a profile card looks in the terminal and in JSON.
enum ProfileCardView {
    static func text(_ card: ProfileCard) -> String {
        var lines = [card.displayName.map { "\(card.username) (\($0))" } ?? card.username]
        let rows: [(String, String?)] = [
            ("Email", card.email ?? "not given"),
            ("Phone", card.maskedPhone ?? "not given"),
            ("Member since", card.memberSince),
            ("Last sign-in", card.lastSignIn ?? (card.sessionExpires == nil ? nil : "none before this one")),
            ("Session expires", card.sessionExpires),
        ]
        for case (let label, let value?) in rows {
            lines.append("  " + (label + ":").padding(toLength: 17, withPad: " ", startingAt: 0) + value)
        }
        return lines.joined(separator: "\n")
    }

    /// Stable keys; absent values are null.
    static func json(_ card: ProfileCard) -> [String: Any] {
        [
            "username": card.username,
            "display_name": card.displayName ?? NSNull(),
            "email": card.email ?? NSNull(),
            "phone": card.maskedPhone ?? NSNull(),
            "member_since": card.memberSinceISO8601,
            "last_sign_in": card.lastSignInISO8601 ?? NSNull(),
            "session_expires": card.sessionExpiresISO8601 ?? NSNull(),
        ]
    }
}

/// The JSON object for a failure: its message and the exit code it ends with.
func failureJSON(_ failure: CLIFailure) -> [String: Any] {
    ["error": ["message": failure.message, "exit_code": Int(failure.exitCode.rawValue)]]
}
