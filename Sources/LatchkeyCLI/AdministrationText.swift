import Latchkey

/// How `latchkey admin` words what an action did ("Account bob disabled; 1 session ended.").
enum AdministrationText {
    static func message(_ result: AdministrationResult) -> String {
        let name = result.username
        let ended = plural(result.sessionsEnded ?? 0, "session")
        switch result.outcome {
        case "disabled": return "Account \(name) disabled; \(ended) ended."
        case "enabled": return "Account \(name) enabled."
        case "unlocked": return "Sign-in lock of \(name) cleared."
        case "password_expired": return "\(name) must choose a new password at the next sign-in."
        case "deleted": return "Account \(name) deleted."
        case "password_set":
            let revoked = result.accessTokensRevoked ?? 0
            return "Password of \(name) set; \(ended) ended"
                + (revoked == 0 ? "." : "; \(plural(revoked, "access token")) revoked.")
        case "roles":
            let roles = result.roles ?? []
            return "Roles of \(name): " + (roles.isEmpty ? "none." : roles.joined(separator: ", ") + ".")
        case "second_factor_reset": return "Second factor of \(name) removed."
        case "access_token_revoked":
            return "Access token \(TerminalEscaping.escape(result.accessTokenName ?? "")) of \(name) revoked."
        case "sessions_ended": return "Sessions of \(name) ended: \(ended)."
        case "passkey_revoked":
            return "Passkey \(TerminalEscaping.escape(result.passkeyName ?? "")) of \(name) removed."
        default: return "Done: \(result.outcome) for \(name)."
        }
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
