import Foundation

/// How many requests of one kind a client network made in a fixed window: a row of the throttle
/// table under a keyed hash of the network (never the address in clear), counted in the caller's
/// write transaction so racing requests each see the others. The one per-address counter behind
/// registrations and code requests. Once the limit is reached the row is locked until its window
/// ends, so a lock check on the table sees it.
struct AddressWindowCount: Sendable {
    /// The row's key: a kind's prefix and the network's keyed hash.
    let key: String
    let window: Duration
    let limit: Int

    /// Counts one request at `now`; answers whether it is within the limit.
    func add(now: Date, in db: Database) throws -> Bool {
        let seconds = now.databaseSeconds
        let stored = try db.queryFirst(
            "SELECT failures, window_started_at FROM login_throttle WHERE throttle_key = ?", [key]
        ) { row in (count: try row.int64("failures"), start: try row.date("window_started_at").databaseSeconds) }
        let open = stored.map { seconds - $0.start < window.wholeSeconds } ?? false
        let count = open ? min(stored!.count, Int64(Int32.max)) + 1 : 1
        let start = open ? stored!.start : seconds
        let lockedUntil = count >= Int64(limit) ? start + window.wholeSeconds : nil
        try db.execute(
            """
            INSERT INTO login_throttle (throttle_key, failures, window_started_at, locked_until) VALUES (?, ?, ?, ?)
            ON CONFLICT (throttle_key) DO UPDATE SET
                failures = excluded.failures, window_started_at = excluded.window_started_at,
                locked_until = excluded.locked_until
            """, [key, count, start, lockedUntil])
        return count <= Int64(limit)
    }
}
