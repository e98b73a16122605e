import Latchkey

// The success case of each Response and ViewModel as an optional, so a test can `#require` it
// instead of matching a pattern and recording an issue by hand.

extension Register.CreateAccount.Response {
    /// The new account, when registered.
    var registered: UserProfile? {
        if case .registered(let user) = self { return user }
        return nil
    }
}

extension Login.Authenticate.Response {
    /// The user, session and token, when signed in.
    var signedIn: (user: UserProfile, session: SessionInfo, token: SessionToken)? {
        if case .signedIn(let user, let session, let token) = self { return (user, session, token) }
        return nil
    }
}

extension WhoAmI.Profile.Response {
    /// The user and session, when signed in.
    var signedIn: (user: UserProfile, session: SessionInfo)? {
        if case .signedIn(let user, let session) = self { return (user, session) }
        return nil
    }
}

extension History.ListEvents.Response {
    /// The events, when read.
    var events: [AuthEvent]? {
        if case .events(let events) = self { return events }
        return nil
    }
}

extension PasswordHashingSpy.Call {
    /// The hash verified against, for a `verify` call.
    var verifiedHash: String? {
        if case .verify(let hash) = self { return hash }
        return nil
    }
}

extension Result {
    /// The value a presenter showed, when the scene succeeded.
    package var shown: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The failure a presenter showed, when the scene failed.
    package var refusal: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
