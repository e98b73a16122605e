/// How a scene's messages reach the application's delivery. A scene used directly (the CLI) hands
/// each message over before it presents; the service sets `dispatch` so messages go to a lane of
/// their own after the answer, and a slow or hanging delivery never delays a request or a database
/// thread.
extension LatchkeyWorkers {
    /// Sends `message` after the transaction that made it committed; every delivery is audited.
    func send(_ message: OutgoingMessage) {
        if let dispatch { dispatch(message, self) } else { deliverNow(message) }
    }

    /// Hands `message` to the delivery and records whether it took it (never the code); answers
    /// the delivery's error, if any.
    @discardableResult
    func deliverNow(_ message: OutgoingMessage) -> (any Error)? {
        let failure: (any Error)?
        do {
            try delivery.deliver(message)
            failure = nil
        } catch {
            failure = error
        }
        record(message, delivered: failure == nil)
        return failure
    }

    /// Records that `message` was never handed to the delivery (its lane refused it).
    func auditUndelivered(_ message: OutgoingMessage) {
        record(message, delivered: false)
    }

    private func record(_ message: OutgoingMessage, delivered: Bool) {
        let now = time.now()
        _ = try? database.write { db in
            let userID = try (try? Username(message.username)).flatMap { try accounts.credentials(for: $0, in: db) }?
                .profile.id
            try audit.record(
                message.kind.auditKind(delivered: delivered), usernameKey: message.username,
                userID: userID, now: now, in: db)
        }
    }
}

extension OutgoingMessage.Kind {
    /// The audit event of a delivery of this kind.
    func auditKind(delivered: Bool) -> AuthEvent.Kind {
        switch self {
        case .passwordReset: delivered ? .passwordResetDelivered : .passwordResetDeliveryFailed
        case .emailVerification: delivered ? .emailVerificationDelivered : .emailVerificationDeliveryFailed
        case .emailChangeNotice: delivered ? .emailChangeNoticeDelivered : .emailChangeNoticeDeliveryFailed
        case .emailPendingDropped: delivered ? .emailPendingDroppedDelivered : .emailPendingDroppedDeliveryFailed
        }
    }
}
