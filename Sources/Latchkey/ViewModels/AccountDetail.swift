/// One account with its live sessions, access tokens and latest events, for an administrator's
/// account page: what the Admin presenter shows for `admin show` and `user(token:username:)`.
public struct AccountDetail: Codable, Sendable, Hashable {
    /// The account itself.
    public let account: AccountSummary
    /// Live sessions, newest first (`current` is always false: none is the caller's).
    public let sessions: [SessionSummary]
    /// The latest events, newest first.
    public let events: [HistoryEntry]
    /// Personal access tokens that still work, newest first.
    public let accessTokens: [AccessTokenSummary]

    enum CodingKeys: String, CodingKey {
        case account, sessions, events, accessTokens = "access_tokens"
    }

    /// The account page of `account`.
    package init(
        account: AccountSummary, sessions: [SessionSummary], events: [HistoryEntry],
        accessTokens: [AccessTokenSummary]
    ) {
        self.account = account
        self.sessions = sessions
        self.events = events
        self.accessTokens = accessTokens
    }
}
