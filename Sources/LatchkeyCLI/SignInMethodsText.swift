import Latchkey

/// A session's authentication methods (`Principal.amr`) in words for the profile card.
enum SignInMethodsText {
    /// "password, authenticator code"; nil when the methods are unknown (a session from before
    /// they were recorded). `user` goes without saying beside a passkey, and `mfa` is said only
    /// where no code shows it: a passkey that verified its user.
    static func text(_ amr: [String]) -> String? {
        guard !amr.isEmpty else { return nil }
        let codeGiven = amr.contains("otp") || amr.contains("rcv")
        let verified = amr.contains("mfa") && !codeGiven
        let words = amr.compactMap { value -> String? in
            switch value {
            case "pwd": "password"
            case "otp": "authenticator code"
            case "rcv": "recovery code"
            case "hwk": verified ? "passkey (user verified)" : "passkey"
            case "swk": verified ? "synced passkey (user verified)" : "synced passkey"
            case "user", "mfa": nil
            default: TerminalEscaping.escape(value)
            }
        }
        return words.joined(separator: ", ")
    }
}
