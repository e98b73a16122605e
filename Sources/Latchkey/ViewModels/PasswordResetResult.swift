/// What a completed password reset ended: everything a thief could have opened or minted with the
/// old password. What the PasswordReset presenter shows for a completed reset.
public struct PasswordResetResult: Codable, Sendable, Hashable {
    /// The user's sessions, every one signed out.
    public let sessionsEnded: Int
    /// The user's access tokens, every live one revoked.
    public let accessTokensRevoked: Int

    enum CodingKeys: String, CodingKey {
        case sessionsEnded = "sessions_ended", accessTokensRevoked = "access_tokens_revoked"
    }

    package init(sessionsEnded: Int, accessTokensRevoked: Int) {
        self.sessionsEnded = sessionsEnded
        self.accessTokensRevoked = accessTokensRevoked
    }
}
