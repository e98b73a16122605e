import Foundation

/// Whether a request for a one-time code may issue one: not while the account's live code of that
/// kind is younger than the policy's cooldown (so a stranger's request never voids the code the
/// owner just received), and not once the client's address has made more requests than its budget
/// in the window. Runs inside the caller's write transaction, so of several requests racing for one
/// account exactly one issues a code. The address count is a row of the throttle table under a keyed
/// hash of the address (`codes:` rows), never the address in clear.
struct CodeRequestLimit: Sendable {
    /// The audit detail of a request answered without a code because of the cooldown.
    static let coolingDetail = "no new code: one was issued moments ago"
    /// The audit detail of a request answered without a code because its address is over budget.
    static let overBudgetDetail = "no new code: too many requests from this address"

    let policy: SecurityPolicy
    let secret: InstallationSecret
    let client: ClientContext?

    /// Counts this request against the client's address (every request counts, for any account or
    /// none) and answers whether the address is still within its budget; true without an address.
    func countRequest(now: Date, in db: Database) throws -> Bool {
        guard let network = client?.network else { return true }
        let key = "codes:" + String(try secret.pseudonym(for: "code-requests\u{0}" + network).dropFirst("hmac:".count))
        return try AddressWindowCount(
            key: key, window: policy.codeRequestWindow, limit: policy.maximumCodeRequestsPerAddress
        ).add(now: now, in: db)
    }

    /// True while the user's live code of `kind` is younger than the cooldown: a new request must
    /// leave it in place and issue nothing.
    func coolingDown(userID: Int64, kind: OneTimeCodeKind, codes: OneTimeCodeStore, now: Date, in db: Database)
        throws -> Bool
    {
        guard let live = try codes.find(userID: userID, kind: kind, in: db), live.expiresAt > now else { return false }
        return now.databaseSeconds - live.createdAt.databaseSeconds < policy.codeRequestCooldown.wholeSeconds
    }

    /// Both rules for one request: counts it against the address, then answers whether a code may be
    /// issued to `userID`.
    func allowsCode(for userID: Int64, kind: OneTimeCodeKind, codes: OneTimeCodeStore, now: Date, in db: Database)
        throws -> Bool
    {
        let withinBudget = try countRequest(now: now, in: db)
        let cooling = try coolingDown(userID: userID, kind: kind, codes: codes, now: now, in: db)
        return withinBudget && !cooling
    }
}
