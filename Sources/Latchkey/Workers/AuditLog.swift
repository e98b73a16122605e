import Foundation

/// One entry of the audit trail: what happened, when, to which username. Never a secret.
public struct AuthEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case registered = "registered"
        case loginSucceeded = "login_succeeded"
        case loginFailed = "login_failed"
        case loggedOut = "logged_out"
        case passwordChanged = "password_changed"
        case sessionsRevoked = "sessions_revoked"
        case accountDisabled = "account_disabled"
    }

    /// Why a sign-in failed.
    public enum FailureReason: String, Sendable, Hashable {
        case badCredentials = "bad_credentials"
        case throttled = "throttled"
        case disabled = "disabled"
    }

    public let occurredAt: Date
    public let kind: Kind
    public let reason: FailureReason?
    /// The normalized username typed (for failures, it may name no user).
    public let usernameKey: String
    public let userID: Int64?
}

/// Writes and reads the `auth_events` table inside the caller's transaction.
struct AuditLog: Sendable {
    func record(
        _ kind: AuthEvent.Kind, reason: AuthEvent.FailureReason? = nil, usernameKey: String, userID: Int64?, now: Date,
        in db: Database
    ) throws {
        try db.execute(
            "INSERT INTO auth_events (occurred_at, kind, reason, username_key, user_id) VALUES (?, ?, ?, ?, ?)",
            [now.databaseSeconds, kind.rawValue, reason?.rawValue, usernameKey, userID])
    }

    /// The user's most recent events, newest first.
    func recent(userID: Int64, limit: Int, in db: Database) throws -> [AuthEvent] {
        try db.query(
            """
            SELECT occurred_at, kind, reason, username_key, user_id FROM auth_events
            WHERE user_id = ? ORDER BY occurred_at DESC, id DESC LIMIT ?
            """, [userID, max(limit, 0)]
        ) { row in
            let text = try row.string(1)
            guard let kind = AuthEvent.Kind(rawValue: text) else {
                throw DatabaseError.unexpectedColumnType(
                    column: 1, expected: "an event kind", found: text, sql: "auth_events")
            }
            return AuthEvent(
                occurredAt: Date(databaseSeconds: try row.int64(0)),
                kind: kind,
                reason: try row.optionalString(2).flatMap(AuthEvent.FailureReason.init(rawValue:)),
                usernameKey: try row.string(3), userID: try row.optionalInt64(4))
        }
    }
}
