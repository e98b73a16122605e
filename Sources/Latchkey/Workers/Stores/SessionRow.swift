import Foundation

/// One `sessions` row joined with its user, read by column name.
struct SessionRow {
    static let columns = """
        sessions.id AS session_id, sessions.created_at AS session_created_at,
        sessions.expires_at AS session_expires_at, sessions.last_used_at AS session_last_used_at,
        sessions.label AS session_label, sessions.token_hash AS session_token_hash,
        sessions.client_address AS session_client_address, sessions.client_agent AS session_client_agent,
        sessions.amr AS session_amr, sessions.previous_login_at AS session_previous_login_at,
        sessions.revoked_at AS session_revoked_at, sessions.oidc_client_id AS session_oidc_client_id
        """

    let stored: StoredSession

    /// Reads the columns in the order `columns` lists them (after `AccountRow`'s): each is then
    /// found where the last one ended (see `ColumnNames`).
    init(_ row: Row, idleTimeout: Duration) throws {
        let account = try AccountRow(row)
        var user = account.profile
        let session = try Self.session(row, idleTimeout: idleTimeout)
        // The card shows the sign-in before this session's own, which the session row remembers.
        user.previousLoginAt = try row.optionalDate("session_previous_login_at")
        stored = StoredSession(
            session: session, user: user,
            isRevoked: !(try row.isNull("session_revoked_at")),
            isUserDisabled: account.isDisabled, passwordChangeRequired: account.passwordChangeRequired,
            oidcClientID: try row.optionalInt64("session_oidc_client_id"))
    }

    /// The session columns of `row`, under `idleTimeout`.
    static func session(_ row: Row, idleTimeout: Duration) throws -> SessionInfo {
        SessionInfo(
            id: try row.int64("session_id"), createdAt: try row.date("session_created_at"),
            expiresAt: try row.date("session_expires_at"), lastUsedAt: try row.date("session_last_used_at"),
            idleTimeout: idleTimeout, label: try row.optionalString("session_label"),
            shortID: SessionShortID.make(try row.bytes("session_token_hash")),
            address: try row.optionalString("session_client_address"),
            userAgent: try row.optionalString("session_client_agent"),
            methods: AuthenticationMethod.read(try row.optionalString("session_amr")))
    }
}
