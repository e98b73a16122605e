/// What the end-session endpoint does: the sign-out happened (and the browser goes back to the
/// client's registered post-logout URI, or sees Latchkey's page), it must be confirmed first, or the
/// request is refused on a page.
public enum EndSessionOutcome: Sendable, Hashable {
    case signedOut(redirect: String?)
    /// Ask the person to confirm, posting these parameters back.
    case confirm(parameters: [String: String])
    case refused(String)
    case failed(LatchkeyError)
}
