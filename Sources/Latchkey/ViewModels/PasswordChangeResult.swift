/// What a password change ended and kept: what the ChangePassword presenter shows.
public struct PasswordChangeResult: Codable, Sendable, Hashable {
    /// The user's other sessions, signed out.
    public let otherSessionsEnded: Int
    /// The user's access tokens revoked with the change (none when the caller kept them).
    public let accessTokensRevoked: Int
    /// The user's access tokens that still work.
    public let accessTokensKept: Int

    enum CodingKeys: String, CodingKey {
        case otherSessionsEnded = "other_sessions_ended", accessTokensRevoked = "access_tokens_revoked"
        case accessTokensKept = "access_tokens_kept"
    }

    /// A change that signed out `otherSessionsEnded` sessions, revoked `accessTokensRevoked` access
    /// tokens and left `accessTokensKept` working.
    package init(otherSessionsEnded: Int, accessTokensRevoked: Int, accessTokensKept: Int) {
        self.otherSessionsEnded = otherSessionsEnded
        self.accessTokensRevoked = accessTokensRevoked
        self.accessTokensKept = accessTokensKept
    }
}
