/// What `NoDelivery` throws: no delivery was configured, so no message can be sent.
public struct DeliveryNotConfiguredError: Error, Sendable {}
