import Foundation

/// The `passkey_used_challenges` table: a ceremony's challenge is accepted once.
struct UsedChallengeStore: Sendable {
    /// Records the challenge as used; false when it was used already. The primary key decides, so of
    /// two ceremonies racing with one challenge exactly one gets true. Challenges past their expiry
    /// are dropped first: they are refused by their seal anyway, so the table holds only the live ones.
    func use(_ challenge: [UInt8], expiresAt: Date, now: Date, in db: Database) throws -> Bool {
        try db.execute("DELETE FROM passkey_used_challenges WHERE expires_at <= ?", [now.databaseSeconds])
        return try db.queryFirst(
            """
            INSERT INTO passkey_used_challenges (challenge_hash, expires_at) VALUES (?, ?)
            ON CONFLICT (challenge_hash) DO NOTHING RETURNING expires_at
            """, [SHA256Digest.hash(challenge), expiresAt.databaseSeconds]
        ) { try $0.int64("expires_at") } != nil
    }
}
