import Foundation

/// Counts the token, revocation and introspection endpoints' failures per address (per client,
/// for a caller without one: a program on this machine), in the sign-in throttle's table, and
/// refuses a locked one before anything is checked. No row counts a client's failures from every
/// address: one address could then lock a client out for everyone, since its client ID is in every
/// authorization URL. Its secrets, codes and refresh tokens are 256-bit, beyond guessing however
/// many addresses try. A request costs no hash, so counting happens in the same write transaction
/// that decides the answer: concurrent failures cannot slip past the limit.
struct ClientFailureThrottle: Sendable {
    let policy: SecurityPolicy
    let secret: InstallationSecret
    let client: ClientContext?

    /// The row a request counts in: the address's, or without one the registered client's
    /// (`clientRowID`; a made-up client ID adds no row).
    func keys(clientRowID: Int64?) throws -> [String] {
        guard let network = client?.network else { return clientRowID.map { ["oidc-client:\($0)"] } ?? [] }
        return [try secret.pseudonym(for: "oidc-address:" + network)]
    }

    /// Whether any of `keys` is locked at `now`.
    func isLocked(_ keys: [String], now: Date, in db: Database) throws -> Bool {
        guard !keys.isEmpty else { return false }
        let marks = Array(repeating: "?", count: keys.count).joined(separator: ", ")
        return try db.queryFirst(
            "SELECT 1 AS locked FROM login_throttle WHERE throttle_key IN (\(marks)) AND locked_until > ?",
            keys + [now.databaseSeconds]
        ) { _ in true } ?? false
    }

    /// Counts one failure in each of `keys`; the one that reaches the limit locks for the window.
    func recordFailure(_ keys: [String], now: Date, in db: Database) throws {
        let window = policy.addressFailureWindow.wholeSeconds
        let limit = Int64(policy.maximumFailedLoginsPerAddress)
        let now = now.databaseSeconds
        for key in keys {
            try db.execute(
                """
                INSERT INTO login_throttle (throttle_key, failures, window_started_at, locked_until)
                VALUES (?, 1, ?, NULL)
                ON CONFLICT (throttle_key) DO UPDATE SET
                    failures = CASE WHEN ? - login_throttle.window_started_at >= ? THEN 1
                        ELSE login_throttle.failures + 1 END,
                    window_started_at = CASE WHEN ? - login_throttle.window_started_at >= ? THEN ?
                        ELSE login_throttle.window_started_at END
                """, [key, now, now, window, now, window, now])
            try db.execute(
                "UPDATE login_throttle SET locked_until = ? WHERE throttle_key = ? AND failures >= ?",
                [now + window, key, limit])
        }
    }
}
