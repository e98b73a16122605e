/// One field of a change.
public enum ProfileFieldChange: Sendable, Hashable {
    /// Leave the field as it is.
    case keep
    /// Set the field to this value (checked like at registration).
    case set(String)
    /// Clear the field.
    case remove
}
