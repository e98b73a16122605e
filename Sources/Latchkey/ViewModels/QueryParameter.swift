/// One name and value of a query or form, as sent.
public struct QueryParameter: Sendable, Hashable {
    public let name: String
    public let value: String

    /// The parameter `name` with `value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
