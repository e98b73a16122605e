public import Foundation

/// Tells the current time; injected so tests can move it without sleeping.
public protocol TimeSource: Sendable {
    /// Now, to the second.
    func now() -> Date
}

/// The system's clock.
public struct SystemTime: TimeSource {
    /// The system's wall clock.
    public init() {}

    public func now() -> Date { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) }
}

extension Date {
    /// Whole seconds since 1970, as the database stores times.
    var databaseSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }

    /// A time read back from the database.
    init(databaseSeconds: Int64) { self.init(timeIntervalSince1970: TimeInterval(databaseSeconds)) }
}
