import Foundation

/// The one way a verification code is made: for the address `address` of `user`, replacing any
/// earlier one, audited; the message to send after the transaction commits.
extension LatchkeyWorkers {
    func startEmailVerification(user: UserProfile, address: String, now: Date, in db: Database) throws
        -> OutgoingMessage
    {
        let (code, expires) = try oneTimeCodes.make(
            for: user.id, kind: .emailVerification, email: address, secret: secret, policy: policy, now: now, in: db)
        try audit.record(.emailVerificationRequested, usernameKey: user.username, userID: user.id, now: now, in: db)
        return OutgoingMessage(
            kind: .emailVerification, to: address, username: user.username, displayName: user.displayName,
            code: code.code, linkToken: code.linkToken, expiresAt: expires)
    }

    /// True when a flow that sends messages can run.
    var canDeliver: Bool { !(delivery is NoDelivery) }
}
