/// What the person answered on the consent page.
public enum ConsentDecision: String, Sendable, Hashable {
    case allow
    case deny
}
