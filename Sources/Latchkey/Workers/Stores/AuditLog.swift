import Foundation

/// Writes and reads the `auth_events` table inside the caller's transaction.
struct AuditLog: Sendable {
    /// The client every event recorded through this log came from.
    let client: ClientContext?

    func record(
        _ kind: AuthEvent.Kind, reason: AuthEvent.FailureReason? = nil, usernameKey: String, userID: Int64?,
        by actor: AuthEvent.Operator? = nil, detail: String? = nil, accessTokenID: Int64? = nil, occurrences: Int = 1,
        now: Date, in db: Database
    ) throws {
        try db.execute(
            """
            INSERT INTO auth_events (
                occurred_at, kind, reason, username_key, user_id, actor, os_user, actor_user_id, client_address,
                client_agent, detail, access_token_id, occurrences)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                now.databaseSeconds, kind.rawValue, reason?.rawValue, usernameKey, userID,
                actor.map { _ in "admin" }, actor?.osUser, actor?.userID, client?.address, client?.userAgent, detail,
                accessTokenID, Int64(occurrences),
            ])
    }

    /// Counts a refusal of the access token `tokenID`: the first within `window` is a new event,
    /// the others add one to its occurrences, in the caller's write transaction (which the writer
    /// lock on SQLite, and SERIALIZABLE with retries on PostgreSQL, make race-free). Answers the
    /// count so far in the window (1: a new event).
    func recordRefusal(
        ofAccessToken tokenID: Int64, usernameKey: String, userID: Int64, window: Duration, now: Date,
        in db: Database
    ) throws -> Int {
        let counted = try db.queryFirst(
            """
            UPDATE auth_events SET occurrences = occurrences + 1
            WHERE id = (
                SELECT max(id) FROM auth_events
                WHERE access_token_id = ? AND kind = ? AND user_id = ? AND occurred_at > ?)
            RETURNING occurrences
            """,
            [
                tokenID, AuthEvent.Kind.accessTokenRefused.rawValue, userID,
                now.databaseSeconds - window.wholeSeconds,
            ]
        ) { try $0.int64("occurrences") }
        if let counted { return Int(counted) }
        try record(
            .accessTokenRefused, usernameKey: usernameKey, userID: userID, accessTokenID: tokenID, now: now, in: db)
        return 1
    }

    /// The operator of a row read by `recent`, or nil when the user acted.
    private static func actor(_ row: Row) throws -> AuthEvent.Operator? {
        guard try row.optionalString("actor") != nil else { return nil }
        if let osUser = try row.optionalString("os_user") { return AuthEvent.Operator(osUser: osUser) }
        return AuthEvent.Operator(
            administratorID: try row.optionalInt64("actor_user_id") ?? 0,
            username: try row.optionalString("actor_username"))
    }

    /// Replaces the name in a deleted user's events with `pseudonym`, so they stay countable per
    /// person but name no one.
    func pseudonymize(userID: Int64, as pseudonym: String, in db: Database) throws {
        try db.execute("UPDATE auth_events SET username_key = ? WHERE user_id = ?", [pseudonym, userID])
    }

    /// The user's most recent events, newest first.
    func recent(userID: Int64, limit: Int, in db: Database) throws -> [AuthEvent] {
        let sql = """
            SELECT e.occurred_at, e.kind, e.reason, e.username_key, e.user_id, e.actor, e.os_user, e.actor_user_id,
                a.username AS actor_username, e.client_address, e.client_agent, e.occurrences, e.detail
            FROM auth_events e LEFT JOIN users a ON a.id = e.actor_user_id
            WHERE e.user_id = ? ORDER BY e.occurred_at DESC, e.id DESC LIMIT ?
            """
        return try db.query(sql, [userID, limit]) { row in
            guard let kind = AuthEvent.Kind(rawValue: try row.string("kind")) else {
                throw DatabaseError.damagedValue(column: "kind", sql: sql)
            }
            var event = AuthEvent(
                occurredAt: try row.date("occurred_at"), kind: kind,
                reason: try row.optionalString("reason").flatMap(AuthEvent.FailureReason.init(rawValue:)),
                usernameKey: try row.string("username_key"), userID: try row.optionalInt64("user_id"),
                actor: try Self.actor(row),
                address: try row.optionalString("client_address"), userAgent: try row.optionalString("client_agent"),
                occurrences: Int(try row.int64("occurrences")))
            // Only a detail meant for the user's own eyes: some name another account.
            if kind.detailIsTheUsers { event.detail = try row.optionalString("detail") }
            return event
        }
    }
}
