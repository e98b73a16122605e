/// A name to show beside the username: at most `SecurityPolicy.maximumDisplayNameLength` code
/// points, nothing a terminal would act on (see `TerminalSafeText`).
public struct DisplayName: Sendable, Hashable, CustomStringConvertible {
    /// The name as given.
    public let value: String

    /// Why a display name was refused.
    public struct Problem: Error, Sendable, Hashable {}

    /// Checks `input` against the length bound and the terminal-safety rule.
    public init(_ input: String) throws(Problem) {
        guard input.utf8.count <= SecurityPolicy.maximumDisplayNameLength * 4,
            input.unicodeScalars.count <= SecurityPolicy.maximumDisplayNameLength,
            TerminalSafeText.isSafe(input)
        else { throw Problem() }
        value = input
    }

    public var description: String { value }
}
