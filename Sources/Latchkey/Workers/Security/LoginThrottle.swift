import Foundation

/// Counts sign-in attempts whether or not the user exists, and locks after too many failures in a
/// row (OWASP ASVS 6.3.1, pam_faillock's model). Without a client address (a command on this
/// machine) one row per name counts; with one, three rows count (Authelia's and django-axes' model):
/// the name from that address (the policy's 5), the name from all addresses (100, NIST's ceiling),
/// and the address across all names (100 an hour). Every attempt is *reserved* as a failure in
/// every row in a write transaction before Argon2id runs; a success settles it; a failure needs no
/// second write, so it can never shorten or clear a lock. Runs inside the caller's transaction.
struct LoginThrottle: Sendable {
    let policy: SecurityPolicy
    let secret: InstallationSecret
    let client: ClientContext?

    /// The key for a typed name: the account's username when one matches, else a keyed hash of the
    /// lower-cased text, so a password typed into the username field is never stored.
    func key(for typed: String, account: AccountCredentials?) throws -> String {
        if let account { return account.profile.username }
        return try secret.pseudonym(for: typed.lowercased())
    }

    /// The rows an attempt on `nameKey` counts in. Rows that name an address hold only keyed hashes
    /// (of the name and of the address), never either in clear.
    func rows(for nameKey: String) throws -> [(key: String, rule: ThrottleRule)] {
        let perName = ThrottleRule(
            limit: policy.maximumFailedLogins, window: policy.failureWindow.wholeSeconds,
            lock: policy.lockoutDuration.wholeSeconds, endsOnSuccess: true)
        guard let network = client?.network else { return [(nameKey, perName)] }
        let hour = policy.addressFailureWindow.wholeSeconds
        return [
            (try pairPrefix(nameKey) + String(try digest("address", network).prefix(32)), perName),
            (
                "name:" + nameKey,
                ThrottleRule(
                    limit: policy.maximumFailedLoginsPerName, window: hour, lock: policy.lockoutDuration.wholeSeconds,
                    endsOnSuccess: true)
            ),
            (
                "address:" + (try digest("address", network)),
                ThrottleRule(
                    limit: policy.maximumFailedLoginsPerAddress, window: hour, lock: hour, endsOnSuccess: false)
            ),
        ]
    }

    /// Counts one attempt for `nameKey` in each of its rows, or returns nil when any is locked (the
    /// attempt is refused without its password being checked, and nothing is counted).
    func reserve(_ nameKey: String, now: Date, in db: Database) throws -> ThrottleReservation? {
        let rows = try rows(for: nameKey)
        let marks = Array(repeating: "?", count: rows.count).joined(separator: ", ")
        let sql = """
            SELECT throttle_key, failures, window_started_at, locked_until FROM login_throttle
            WHERE throttle_key IN (\(marks))
            """
        let stored = try db.query(sql, rows.map(\.key)) { row in
            (
                key: try row.string("throttle_key"), failures: try row.int64("failures"),
                start: try row.date("window_started_at").databaseSeconds,
                lockedUntil: try row.optionalDate("locked_until")?.databaseSeconds
            )
        }
        let now = now.databaseSeconds
        if stored.contains(where: { ($0.lockedUntil ?? 0) > now }) { return nil }
        var counts: [ThrottleCount] = []
        for (key, rule) in rows {
            let row = stored.first { $0.key == key }
            // A window that has run out, or a lock that has ended, starts the count afresh.
            let open = row.map { $0.lockedUntil == nil && now - $0.start < rule.window } ?? false
            let failures = open ? min(row!.failures, Int64(Int32.max)) + 1 : 1
            let start = open ? row!.start : now
            let lockedUntil = failures >= Int64(rule.limit) ? now + rule.lock : nil
            try db.execute(
                """
                INSERT INTO login_throttle (throttle_key, failures, window_started_at, locked_until) VALUES (?, ?, ?, ?)
                ON CONFLICT (throttle_key) DO UPDATE SET
                    failures = excluded.failures, window_started_at = excluded.window_started_at,
                    locked_until = excluded.locked_until
                """, [key, failures, start, lockedUntil])
            counts.append(ThrottleCount(rowKey: key, rule: rule, failures: failures, windowStart: start))
        }
        return ThrottleReservation(key: nameKey, counts: counts)
    }

    /// The time until `nameKey` can be tried again: the longest lock left on its rows (nil when none
    /// is locked). Read in the transaction that found it locked, for the refusal to say.
    func lockRemaining(_ nameKey: String, now: Date, in db: Database) throws -> Duration? {
        try remaining(ofLocks: try rows(for: nameKey).map(\.key), now: now, in: db)
    }

    /// The time until the client's address may register again (nil when it is not refused).
    func registrationLockRemaining(now: Date, in db: Database) throws -> Duration? {
        guard let network = client?.network else { return nil }
        let address = try digest("address", network)
        return try remaining(ofLocks: ["register:" + address, "address:" + address], now: now, in: db)
    }

    /// The longest lock left among the rows `keys`.
    private func remaining(ofLocks keys: [String], now: Date, in db: Database) throws -> Duration? {
        let marks = Array(repeating: "?", count: keys.count).joined(separator: ", ")
        let locks = try db.query(
            "SELECT locked_until FROM login_throttle WHERE throttle_key IN (\(marks))", keys
        ) { row in try row.optionalDate("locked_until")?.databaseSeconds }
        let until = locks.compactMap { $0 }.max() ?? 0
        let now = now.databaseSeconds
        return until > now ? .seconds(until - now) : nil
    }

    /// Counts one registration from the client's address before its hash is computed; false (and
    /// nothing counted) while the address has used up its registrations or is blocked for failed
    /// sign-ins. A client with no address (a command on this machine) is not limited.
    func reserveRegistration(now: Date, in db: Database) throws -> Bool {
        guard let network = client?.network else { return true }
        let key = "register:" + (try digest("address", network))
        let failures = "address:" + (try digest("address", network))
        let blocked = try db.queryFirst(
            "SELECT count(*) FROM login_throttle WHERE throttle_key IN (?, ?) AND locked_until > ?",
            [key, failures, now.databaseSeconds]
        ) { try $0.int64(at: 0) }
        guard blocked ?? 0 == 0 else { return false }
        return try AddressWindowCount(
            key: key, window: policy.addressFailureWindow, limit: policy.maximumRegistrationsPerAddress
        ).add(now: now, in: db)
    }

    /// A complete success gives its reservation back: a name's run of failures ends, unless attempts
    /// counted after this one are still in flight (then only this one is taken off, and a lock they
    /// set stays); an address's row loses only this attempt.
    func release(_ reservation: ThrottleReservation, in db: Database) throws {
        for count in reservation.counts {
            guard count.rule.endsOnSuccess else {
                try giveBack(count, in: db)
                continue
            }
            try db.execute(
                "DELETE FROM login_throttle WHERE throttle_key = ? AND failures = ? AND window_started_at = ?",
                [count.rowKey, count.failures, count.windowStart])
            guard db.changes == 0 else { continue }
            try db.execute(
                """
                UPDATE login_throttle SET failures = failures - 1
                WHERE throttle_key = ? AND window_started_at = ? AND locked_until IS NULL AND failures > 0
                """, [count.rowKey, count.windowStart])
        }
    }

    /// Takes back only this attempt, leaving the failures before it (and a lock they set): for a
    /// right password whose second factor is still to come, so that guessing codes behind a known
    /// password stays throttled.
    func giveBack(_ reservation: ThrottleReservation, in db: Database) throws {
        for count in reservation.counts { try giveBack(count, in: db) }
    }

    private func giveBack(_ count: ThrottleCount, in db: Database) throws {
        try db.execute(
            """
            UPDATE login_throttle SET failures = failures - 1,
                locked_until = CASE WHEN failures - 1 < ? THEN NULL ELSE locked_until END
            WHERE throttle_key = ? AND window_started_at = ? AND failures > 0
            """, [count.rule.limit, count.rowKey, count.windowStart])
    }

    /// True while `nameKey` is locked for every address: locally, or by failures from all addresses.
    func isLocked(_ nameKey: String, now: Date, in db: Database) throws -> Bool {
        let sql = "SELECT count(*) FROM login_throttle WHERE throttle_key IN (?, ?) AND locked_until > ?"
        return try db.queryFirst(sql, [nameKey, "name:" + nameKey, now.databaseSeconds]) { try $0.int64(at: 0) }
            ?? 0 > 0
    }

    /// Clears every count and lock of `nameKey`, from every address (a new password was set, or an
    /// operator unlocked the name). Address rows stay: they are about the address, not the name.
    func reset(_ nameKey: String, in db: Database) throws {
        let prefix = try pairPrefix(nameKey)
        try db.execute(
            "DELETE FROM login_throttle WHERE throttle_key IN (?, ?) OR substr(throttle_key, 1, \(prefix.count)) = ?",
            [nameKey, "name:" + nameKey, prefix])
    }

    /// The start of every name-and-address row of `nameKey`, so `reset` finds them by prefix.
    private func pairPrefix(_ nameKey: String) throws -> String {
        "pair:" + String(try digest("name", nameKey).prefix(32)) + ":"
    }

    /// A keyed hash of `text` for one purpose, in hex.
    private func digest(_ purpose: String, _ text: String) throws -> String {
        String(try secret.pseudonym(for: purpose + "\u{0}" + text).dropFirst("hmac:".count))
    }
}
