import Foundation

/// Why a request that needs a session was refused.
package enum SessionProblem: Error, Sendable, Hashable {
    /// No token, an unknown or revoked one, or a disabled user.
    case notSignedIn
    /// Past its lifetime, or unused for longer than the idle timeout.
    case expired
    /// An operator requires a new password: until it is changed the session serves nothing else.
    case passwordChangeRequired
}
