import Foundation

/// Delivers Latchkey's messages; implemented by the application. Called off the request's path, on
/// the service's database lane; a thrown error is audited and answered like a delivery that worked.
public protocol MessageDelivery: Sendable {
    /// Sends `message`, or throws.
    func deliver(_ message: OutgoingMessage) throws

    /// Ends the deliveries running now (the service is shutting down): their `deliver` calls should
    /// return soon, throwing. `CommandDelivery` kills its commands with their process groups.
    func cancelRunning()
}

extension MessageDelivery {
    /// Nothing to end: a delivery that returns promptly needs nothing more.
    public func cancelRunning() {}
}
