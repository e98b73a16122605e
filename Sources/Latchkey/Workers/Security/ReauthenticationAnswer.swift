import Foundation

/// A scene's Response that can answer a refused re-authentication.
protocol ReauthenticationAnswer: Sendable {
    static var invalidCredentials: Self { get }
    /// Refused by the throttle, for as long as the lock has left.
    static func throttled(retryAfter: Duration) -> Self
}
