/// One account with its live sessions, access tokens, passkeys and latest events, for an administrator's
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
    /// The account's passkeys, oldest first.
    public let passkeys: [PasskeySummary]

    enum CodingKeys: String, CodingKey {
        case account, sessions, events, accessTokens = "access_tokens", passkeys
    }

    /// The account page of `account`.
    package init(
        account: AccountSummary, sessions: [SessionSummary], events: [HistoryEntry],
        accessTokens: [AccessTokenSummary], passkeys: [PasskeySummary]
    ) {
        self.account = account
        self.sessions = sessions
        self.events = events
        self.accessTokens = accessTokens
        self.passkeys = passkeys
    }
}
