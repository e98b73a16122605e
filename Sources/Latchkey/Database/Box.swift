import Synchronization

/// Wraps a result so that "no lock was free" (nil) cannot be confused with an optional result.
struct Box<T: Sendable>: Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
