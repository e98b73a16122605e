import Foundation

/// Counts failed sign-ins per username key, whether or not the user exists, and locks a key after
/// too many in a row (OWASP ASVS 6.3.1, pam_faillock's model). Runs inside the caller's transaction.
struct LoginThrottle: Sendable {
    /// The key for a typed username: lower-cased, or a digest when too long to store as is, so
    /// names that do not exist are throttled exactly like those that do.
    static func key(for username: String) -> String {
        let lowered = username.lowercased()
        guard lowered.utf8.count > 64 else { return lowered }
        return "sha256:" + SHA256.hash(Array(lowered.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// True while `key` is locked out.
    func isLocked(_ key: String, now: Date, in db: Database) throws -> Bool {
        let until = try db.queryFirst("SELECT locked_until FROM login_throttle WHERE username_key = ?", [key]) {
            try $0.optionalInt64(0)
        }
        return (until ?? nil).map { $0 > now.databaseSeconds } ?? false
    }

    /// Counts one failure; the one that reaches the limit locks the key and starts a new count.
    func recordFailure(_ key: String, now: Date, policy: SecurityPolicy, in db: Database) throws {
        let row = try db.queryFirst(
            "SELECT failures, window_started_at FROM login_throttle WHERE username_key = ?", [key]
        ) { (try $0.int64(0), try $0.int64(1)) }
        let windowOpen = row.map { now.databaseSeconds - $0.1 < policy.failureWindow.wholeSeconds } ?? false
        let failures = (windowOpen ? row?.0 ?? 0 : 0) + 1
        let windowStart = windowOpen ? row?.1 ?? now.databaseSeconds : now.databaseSeconds
        let locks = failures >= Int64(policy.maximumFailedLogins)
        try db.execute(
            """
            INSERT INTO login_throttle (username_key, failures, window_started_at, locked_until) VALUES (?, ?, ?, ?)
            ON CONFLICT (username_key) DO UPDATE SET
                failures = excluded.failures, window_started_at = excluded.window_started_at,
                locked_until = excluded.locked_until
            """,
            [
                key, locks ? 0 : failures, windowStart,
                locks ? now.databaseSeconds + policy.lockoutDuration.wholeSeconds : nil,
            ])
    }

    /// A success ends the run of failures.
    func reset(_ key: String, in db: Database) throws {
        try db.execute("DELETE FROM login_throttle WHERE username_key = ?", [key])
    }
}
