import Foundation

/// A sign-in attempt counted before its password is checked, so parallel guesses cannot all pass the
/// limit while their hashes run (design.md, "no check-then-act").
struct ThrottleReservation: Sendable {
    let key: String
    /// The count this attempt brought the window to, and the window it counted in.
    let failures: Int64
    let windowStart: Int64
}

/// Counts sign-in attempts per username key, whether or not the user exists, and locks a key after
/// too many failures in a row (OWASP ASVS 6.3.1, pam_faillock's model). Every attempt is *reserved*
/// as a failure in a write transaction before Argon2id runs; a success releases it; a failure needs
/// no second write, so it can never shorten or clear a lock. Runs inside the caller's transaction.
struct LoginThrottle: Sendable {
    /// The key for a typed name: the account's username when one matches, else a keyed hash of the
    /// lower-cased text, so a password typed into the username field is never stored.
    func key(for typed: String, account: AccountCredentials?, secret: InstallationSecret) throws -> String {
        if let account { return account.profile.username }
        return try secret.pseudonym(for: typed.lowercased())
    }

    /// Counts one attempt for `key`, or returns nil when the key is locked (the attempt is refused
    /// without its password being checked).
    func reserve(_ key: String, now: Date, policy: SecurityPolicy, in db: Database) throws -> ThrottleReservation? {
        let sql = "SELECT failures, window_started_at, locked_until FROM login_throttle WHERE username_key = ?"
        let row = try db.queryFirst(sql, [key]) { row in
            (
                failures: try row.int64("failures"), start: try row.date("window_started_at").databaseSeconds,
                lockedUntil: try row.optionalDate("locked_until")?.databaseSeconds
            )
        }
        let now = now.databaseSeconds
        if let lockedUntil = row?.lockedUntil, lockedUntil > now { return nil }
        // A window that has run out, or a lock that has ended, starts the count afresh.
        let windowOpen =
            row.map { $0.lockedUntil == nil && now - $0.start < policy.failureWindow.wholeSeconds } ?? false
        let failures = windowOpen ? min(row!.failures, Int64(Int32.max)) + 1 : 1
        let windowStart = windowOpen ? row!.start : now
        let lockedUntil =
            failures >= Int64(policy.maximumFailedLogins) ? now + policy.lockoutDuration.wholeSeconds : nil
        try db.execute(
            """
            INSERT INTO login_throttle (username_key, failures, window_started_at, locked_until) VALUES (?, ?, ?, ?)
            ON CONFLICT (username_key) DO UPDATE SET
                failures = excluded.failures, window_started_at = excluded.window_started_at,
                locked_until = excluded.locked_until
            """, [key, failures, windowStart, lockedUntil])
        return ThrottleReservation(key: key, failures: failures, windowStart: windowStart)
    }

    /// A success gives its reservation back: the run of failures ends, unless attempts counted after
    /// this one are still in flight (then only this one is taken off, and a lock they set stays).
    func release(_ reservation: ThrottleReservation, in db: Database) throws {
        try db.execute(
            "DELETE FROM login_throttle WHERE username_key = ? AND failures = ? AND window_started_at = ?",
            [reservation.key, reservation.failures, reservation.windowStart])
        guard db.changes == 0 else { return }
        try db.execute(
            """
            UPDATE login_throttle SET failures = failures - 1
            WHERE username_key = ? AND window_started_at = ? AND locked_until IS NULL AND failures > 0
            """, [reservation.key, reservation.windowStart])
    }

    /// Takes back only this attempt, leaving the failures before it (and a lock they set): for a
    /// right password whose second factor is still to come, so that guessing codes behind a known
    /// password stays throttled.
    func giveBack(_ reservation: ThrottleReservation, policy: SecurityPolicy, in db: Database) throws {
        try db.execute(
            """
            UPDATE login_throttle SET failures = failures - 1,
                locked_until = CASE WHEN failures - 1 < ? THEN NULL ELSE locked_until END
            WHERE username_key = ? AND window_started_at = ? AND failures > 0
            """, [policy.maximumFailedLogins, reservation.key, reservation.windowStart])
    }

    /// True while `key` is locked.
    func isLocked(_ key: String, now: Date, in db: Database) throws -> Bool {
        let until = try db.queryFirst("SELECT locked_until FROM login_throttle WHERE username_key = ?", [key]) {
            try $0.optionalDate("locked_until")
        }
        return (until ?? nil).map { $0 > now } ?? false
    }

    /// Clears the count and any lock of `key` (a new password was set).
    func reset(_ key: String, in db: Database) throws {
        try db.execute("DELETE FROM login_throttle WHERE username_key = ?", [key])
    }
}
