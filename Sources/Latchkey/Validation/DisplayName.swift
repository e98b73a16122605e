/// A name to show beside the username: at most `SecurityPolicy.maximumDisplayNameLength` code
/// points, nothing a terminal would act on (see `TerminalSafeText`).
package struct DisplayName: Sendable, Hashable, CustomStringConvertible {
    /// The name as given.
    package let value: String

    /// Why a display name was refused.
    package struct Problem: Error, Sendable, Hashable {}

    /// Checks `input` against the length bound and the terminal-safety rule.
    package init(_ input: String) throws(Problem) {
        guard input.utf8.count <= SecurityPolicy.maximumDisplayNameLength * 4,
            input.unicodeScalars.count <= SecurityPolicy.maximumDisplayNameLength,
            TerminalSafeText.isSafe(input)
        else { throw Problem() }
        value = input
    }

    package var description: String { value }
}
