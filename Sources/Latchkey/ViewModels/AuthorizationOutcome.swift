/// What the authorization endpoint does with a request: send the browser back to the client (with
/// a code, or an error the client may see), send it to sign in first, ask for consent, or show a
/// refusal on Latchkey's own page (one that cannot be proven to come from the client).
public enum AuthorizationOutcome: Sendable, Hashable {
    /// The longest `next` a sign-in page must take to come back to the authorization endpoint, in
    /// bytes: longer requests are refused before the sign-in (the longest `state`, `nonce` and
    /// `login_hint` fit, percent-encoded, with a long redirect URI).
    public static let longestReturnPath = 8_192

    /// Redirect (303) to this URL, the client's redirect URI with `code` or `error`, `state` and `iss`.
    case redirect(String)
    /// Sign in, then come back to this local path (`/oauth2/authorize?…`).
    case signIn(next: String)
    /// Ask the signed-in person whether the client may have what it asks for.
    case consent(ConsentPrompt)
    /// Show this message on a page (HTTP 400); never redirect.
    case refused(String)
    /// The provider is off (no public origin) or storage failed: show this failure.
    case failed(LatchkeyError)
}

/// What the consent page shows and posts back.
public struct ConsentPrompt: Sendable, Hashable {
    /// The client's name, as the operator registered it.
    public let clientName: String
    /// The signed-in user's name.
    public let username: String
    /// What each granted scope lets the client see, in words.
    public let scopes: [String]
    /// The authorization request's parameters, for the form to post back unchanged.
    public let parameters: [QueryParameter]
}
