import Foundation

/// An invitation as an operator lists it: who made it, for whom, what it grants and what became of
/// it. Never its code or the code's hash.
struct InvitationRecord: Sendable, Hashable {
    let id: Int64
    /// The one address allowed to register with it, as the operator typed it.
    let email: String?
    let createdBy: String
    let createdAt: Date
    let expiresAt: Date
    let usedAt: Date?
    /// The username of the account it made, while that account exists.
    let usedBy: String?
    let revokedAt: Date?
    /// The roles it grants, sorted.
    var roles: [String]

    /// What became of it by `now`: used and revoked first, as they never change again.
    func state(at now: Date) -> InvitationSummary.State {
        if usedAt != nil { return .used }
        if revokedAt != nil { return .revoked }
        return expiresAt <= now ? .expired : .pending
    }
}
