/// What kind of failure a display shows, so that each display (a CLI's exit code, a web page's
/// status) can react to it in its own way.
package enum FailureKind: Sendable, Hashable {
    /// Wrong credentials, throttled, or no valid session.
    case notAuthenticated
    /// The input broke a rule.
    case invalidInput
    /// The database (or the key file beside it) could not be used.
    case storage
    /// The database stayed busy past the timeout: worth a retry.
    case busy
    /// The database server cannot be reached or refused the sign-in.
    case unavailable
    /// Signed in, but not allowed to do this.
    case forbidden
    /// A bug in Latchkey.
    case internalError
}
