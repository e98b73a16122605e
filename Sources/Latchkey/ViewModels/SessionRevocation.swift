/// What ending sessions did: what the Sessions presenter shows for a revocation.
public struct SessionRevocation: Codable, Sendable, Hashable {
    /// How many sessions ended (0 when there was no other session to end).
    public let sessionsEnded: Int
    /// True when the caller's own session was among them: its token is of no use to keep.
    public let includedCurrent: Bool

    enum CodingKeys: String, CodingKey {
        case sessionsEnded = "sessions_ended", includedCurrent = "included_current"
    }

    /// `sessionsEnded` sessions ended, the caller's own among them when `includedCurrent`.
    package init(sessionsEnded: Int, includedCurrent: Bool) {
        self.sessionsEnded = sessionsEnded
        self.includedCurrent = includedCurrent
    }
}
