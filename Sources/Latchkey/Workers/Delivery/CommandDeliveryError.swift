/// What a failed delivery says (never the message).
public struct CommandDeliveryError: Error, Sendable, CustomStringConvertible {
    public let description: String

    /// A failure saying `description`.
    public init(description: String) {
        self.description = description
    }
}
