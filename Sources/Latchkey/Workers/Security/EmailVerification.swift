import Foundation

/// The one way a verification code is made: for the address `address` of `user`, replacing any
/// earlier one, audited; the message to send after the transaction commits.
extension SceneInteractor {
    func startEmailVerification(user: UserProfile, address: String, now: Date, in db: Database) throws
        -> OutgoingMessage
    {
        let (code, expires) = try workers.oneTimeCodes.make(
            for: user.id, kind: .emailVerification, email: address, secret: workers.secret, policy: workers.policy,
            now: now, in: db)
        try audit.record(.emailVerificationRequested, usernameKey: user.username, userID: user.id, now: now, in: db)
        return OutgoingMessage(
            kind: .emailVerification, to: address, username: user.username, displayName: user.displayName,
            code: code.code, linkToken: code.linkToken, expiresAt: expires)
    }
}

extension LatchkeyWorkers {
    /// True when a flow that sends messages can run.
    var canDeliver: Bool { !(delivery is NoDelivery) }
}
