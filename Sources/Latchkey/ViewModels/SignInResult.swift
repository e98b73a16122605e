/// The outcome of a sign-in step that did not fail: what the Login presenter shows.
public struct SignInResult: Codable, Sendable, Hashable {
    /// How far the sign-in got.
    public enum Status: String, Codable, Sendable, Hashable {
        /// Signed in: `token` and `principal` are set.
        case signedIn = "signed_in"
        /// Signed in, but the session serves only a password change: `token` and `principal` are set.
        case passwordChangeRequired = "password_change_required"
        /// The password was right; send `challenge` back with a code to `completeSignIn`.
        case secondFactorRequired = "second_factor_required"
    }

    /// How far the sign-in got.
    public let status: Status
    /// The new session's token, shown this once: the caller keeps it (a cookie, a client's storage).
    public let token: String?
    /// Who signed in, when the sign-in is complete.
    public let principal: Principal?
    /// The opaque second-factor challenge (`lc_…`), valid for minutes.
    public let challenge: String?

    /// A session opened for `principal`.
    package init(status: Status, token: SessionToken, principal: Principal) {
        self.status = status
        self.token = token.secret
        self.principal = principal
        challenge = nil
    }

    /// A password that was right, waiting for the second factor.
    package init(challenge: LoginChallenge) {
        status = .secondFactorRequired
        token = nil
        principal = nil
        self.challenge = challenge.secret
    }
}
