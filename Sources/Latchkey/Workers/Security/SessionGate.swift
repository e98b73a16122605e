import Foundation

/// The one session check every scene uses: a token signs someone in only if its session exists, is
/// not revoked, its user is not disabled, and it is within its lifetime and idle timeout.
struct SessionGate: Sendable {
    let sessions: SessionStore
    let policy: SecurityPolicy

    /// The live session of `token`, or throws the `SessionProblem` that refuses it. Only a password
    /// change (and signing out) passes `forPasswordChange` to use a session whose password must change.
    func authenticate(_ token: SessionToken?, now: Date, forPasswordChange: Bool = false, in db: Database) throws
        -> StoredSession
    {
        guard let token else { throw SessionProblem.notSignedIn }
        let found = try sessions.find(token, in: db)
        // A client's grant is never a browser's or a command's session, whatever is presented.
        guard found?.oidcClientID == nil else { throw SessionProblem.notSignedIn }
        return try check(found, now: now, forPasswordChange: forPasswordChange)
    }

    /// The same check on a session already found (or handed over by a router).
    func check(_ found: StoredSession?, now: Date, forPasswordChange: Bool = false) throws(SessionProblem)
        -> StoredSession
    {
        guard let found, !found.isRevoked, !found.isUserDisabled else { throw .notSignedIn }
        guard !isExpired(found.session, now: now) else { throw .expired }
        guard forPasswordChange || !found.passwordChangeRequired else { throw .passwordChangeRequired }
        return found
    }

    /// Records a use of an accepted session inside the caller's write: `last_used_at` moves only when
    /// it is at least `lastUsedGranularity` old, so a session used every second costs a write a minute.
    func recordUse(_ found: StoredSession, now: Date, in db: Database) throws {
        guard isUseDue(found.session, now: now) else { return }
        try sessions.touch(sessionID: found.session.id, now: now, in: db)
    }

    /// Whether a use at `now` should be written (read paths skip their write when it is not).
    func isUseDue(_ session: SessionInfo, now: Date) -> Bool {
        now.timeIntervalSince(session.lastUsedAt) >= TimeInterval(policy.lastUsedGranularity.wholeSeconds)
    }

    /// Past its absolute lifetime, or unused for as long as the idle timeout: the rule every display
    /// shows (`SessionInfo.expiresIfUnused`).
    func isExpired(_ session: SessionInfo, now: Date) -> Bool {
        session.expiresIfUnused <= now
    }
}

extension LatchkeyWorkers {
    /// After a read that accepted `found`: records the use in a short write when one is due. The read
    /// already decided the answer, so a failed write (busy, read-only file) changes nothing; the next
    /// use tries again.
    func recordUse(of found: StoredSession, now: Date) {
        guard gate.isUseDue(found.session, now: now) else { return }
        _ = try? database.write { db in try sessions.touch(sessionID: found.session.id, now: now, in: db) }
    }
}
