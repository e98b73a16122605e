/// Why an administrative operation did nothing.
package enum AccountAdministrationError: Error, Sendable, Hashable {
    case noSuchUser
}
