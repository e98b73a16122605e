/// A role name: the username rules (3–32 of `a-z 0-9 . _ -`, lower case).
package struct RoleName: Sendable, Hashable, CustomStringConvertible {
    /// The normalized name.
    package let value: String

    /// Checks `input` as a username is checked.
    package init(_ input: String) throws(Username.Problem) {
        value = try Username(input).value
    }

    package var description: String { value }
}
