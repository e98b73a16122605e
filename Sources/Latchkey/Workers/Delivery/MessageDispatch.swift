/// How a scene's messages reach the application's delivery. A scene used directly (the CLI) hands
/// each message over before it presents; the service gives the Workers its delivery queue, so
/// messages go to threads of their own after the answer, and a slow or hanging delivery never delays
/// a request or a database thread. Either way a scene reserves room for its messages before it
/// writes their codes, so a full queue refuses the request with nothing issued.
extension LatchkeyWorkers {
    /// Room for `count` messages, reserved before their codes are written; throws when the service's
    /// queue is full or shutting down (nothing is issued then). Without a queue, always granted.
    func reserveDelivery(_ count: Int = 1) throws -> DeliveryReservation {
        guard let outbox else { return DeliveryReservation(queue: nil, count: count) }
        return try outbox.reserve(count)
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

    /// Records that `message` was never handed to the delivery, and why (`detail`).
    func auditUndelivered(_ message: OutgoingMessage, detail: String) {
        record(message, delivered: false, detail: detail)
    }

    private func record(_ message: OutgoingMessage, delivered: Bool, detail: String? = nil) {
        let now = time.now()
        _ = try? database.write { db in
            let userID = try (try? Username(message.username)).flatMap { try accounts.credentials(for: $0, in: db) }?
                .profile.id
            // A delivery's outcome is the system's event, not the requesting client's.
            try AuditLog(client: nil).record(
                message.kind.auditKind(delivered: delivered), usernameKey: message.username,
                userID: userID, detail: detail, now: now, in: db)
            if !delivered, let linkHash = message.linkToken.flatMap(OneTimeCode.linkHash) {
                try oneTimeCodes.endCooldown(linkHash: linkHash, by: policy.codeRequestCooldown, in: db)
            }
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
