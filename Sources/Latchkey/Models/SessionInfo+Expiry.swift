package import Foundation

extension SessionInfo {
    /// When the session ends unless it is used again: its idle timeout after its last recorded use,
    /// never later than its absolute end (`expiresAt`). The one rule for a session's end: the
    /// session gate refuses the session from this instant on, and every display that shows a
    /// session's end takes it from here.
    package var expiresIfUnused: Date {
        min(lastUsedAt.addingTimeInterval(TimeInterval(idleTimeout.wholeSeconds)), expiresAt)
    }
}
