package import Foundation

/// Tells the current time; injected so tests can move it without sleeping.
package protocol TimeSource: Sendable {
    /// Now, to the second.
    func now() -> Date
}

extension Date {
    /// Whole seconds since 1970, as the database stores times.
    var databaseSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }

    /// A time read back from the database.
    init(databaseSeconds: Int64) { self.init(timeIntervalSince1970: TimeInterval(databaseSeconds)) }
}
