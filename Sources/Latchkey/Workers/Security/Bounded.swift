/// A setting kept within `bounds`: a value outside them is moved to the nearest bound.
@propertyWrapper
public struct Bounded<Value: Comparable & Sendable & Hashable>: Sendable, Hashable {
    private var value: Value
    private let bounds: ClosedRange<Value>

    /// `wrappedValue`, moved into `bounds`.
    public init(wrappedValue: Value, _ bounds: ClosedRange<Value>) {
        self.bounds = bounds
        self.value = min(max(wrappedValue, bounds.lowerBound), bounds.upperBound)
    }

    /// The bounds (`policy.$minimumPasswordLength`), for a configuration that refuses a value outside
    /// them instead of moving it.
    public var projectedValue: ClosedRange<Value> { bounds }

    /// The value, always within its bounds.
    public var wrappedValue: Value {
        get { value }
        set { value = min(max(newValue, bounds.lowerBound), bounds.upperBound) }
    }
}
