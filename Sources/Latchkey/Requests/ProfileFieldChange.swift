/// One field of a change.
public enum ProfileFieldChange: Sendable, Hashable {
    case keep
    case set(String)
    case remove
}
