package import Foundation

/// The system's clock.
package struct SystemTime: TimeSource {
    /// The system's wall clock.
    package init() {}

    package func now() -> Date { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) }
}
