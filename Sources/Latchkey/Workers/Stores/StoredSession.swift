import Foundation

/// A session row found by its token, with its user, whatever its state.
struct StoredSession: Sendable {
    let session: SessionInfo
    var user: UserProfile
    let isRevoked: Bool
    let isUserDisabled: Bool
    /// An operator asked for a new password: only `passwd` (and logout) may use this session.
    var passwordChangeRequired = false
    /// The OpenID Connect client whose grant this session is (its token was never handed out); nil
    /// for a session signed in directly.
    var oidcClientID: Int64? = nil
}
