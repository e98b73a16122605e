import Foundation
import Latchkey
import Synchronization
import Testing

/// A delivery that keeps what it was given (or fails, when told to), as an application's mailer.
final class DeliverySpy: MessageDelivery {
    private let sent = Mutex<[OutgoingMessage]>([])
    private let failing: Bool

    init(failing: Bool = false) { self.failing = failing }

    var messages: [OutgoingMessage] { sent.withLock { $0 } }

    func deliver(_ message: OutgoingMessage) throws {
        sent.withLock { $0.append(message) }
        if failing { throw CommandDeliveryError(description: "the spy was told to fail") }
    }

    /// Waits (off the pool, on its own clock) until `count` messages of `kind` arrived: delivery
    /// runs after the request is answered.
    func waitFor(_ count: Int, _ kind: OutgoingMessage.Kind = .passwordReset) async -> [OutgoingMessage] {
        let limit = ContinuousClock.now + .seconds(10)
        var found: [OutgoingMessage] { messages.filter { $0.kind == kind } }
        while found.count < count && ContinuousClock.now < limit { await Task.yield() }
        return found
    }

    /// The `count`th verification message sent to `address` (for `username`, when given), once it
    /// was delivered; the test fails when it does not come.
    func verification(for address: String, to username: String? = nil, count: Int = 1) async throws
        -> OutgoingMessage
    {
        let limit = ContinuousClock.now + .seconds(10)
        var sent: [OutgoingMessage] {
            messages.filter {
                $0.kind == .emailVerification && $0.to == address && (username == nil || $0.username == username)
            }
        }
        while sent.count < count && ContinuousClock.now < limit { await Task.yield() }
        let recipient = username.map { "\(address) to \($0)" } ?? address
        return try #require(sent.count >= count ? sent[count - 1] : nil, "no verification code for \(recipient)")
    }
}

extension OutgoingMessage {
    /// The code, or nothing for a message without one (a test then fails on it).
    var typed: String { code ?? "" }
    /// The link token, or nothing.
    var link: String { linkToken ?? "" }
}
