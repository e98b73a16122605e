package import Foundation

/// An invitation an operator issued, to hand over privately: what the Invite presenter shows.
package struct IssuedInvitation: Encodable, Sendable, Hashable {
    /// The code, shown this once.
    package let code: String
    /// When the code stops working.
    package let expires: Date
    /// The roles the new account gets, sorted.
    package let roles: [String]
    /// The one address allowed to register with it, if any.
    package let email: String?
}
