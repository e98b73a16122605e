import Foundation

/// The default: no delivery. Flows that need one are refused, saying so, before anything is looked
/// up (so the refusal tells nothing about any account).
public struct NoDelivery: MessageDelivery {
    /// No delivery.
    public init() {}

    public func deliver(_ message: OutgoingMessage) throws { throw DeliveryNotConfiguredError() }
}
