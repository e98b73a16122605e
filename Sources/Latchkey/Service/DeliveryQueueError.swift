/// Why no room was reserved.
package enum DeliveryQueueError: Error, Sendable, Hashable {
    /// As many messages as the queue holds are waiting or being sent.
    case full
    /// The service is shutting down and takes no more messages.
    case shutDown
}
