public import Foundation

/// Who holds a credential, and their profile: what the WhoAmI, Login and Register presenters show
/// and every display returns (the service's `authenticate`, `whoami --json`, `GET /v1/me`). The
/// phone is masked by the presenter; dates are dates.
public struct Principal: Codable, Sendable, Hashable {
    /// What the caller presented.
    public enum Credential: String, Codable, Sendable, Hashable {
        /// A session token (`lk_…`), from a sign-in.
        case session
        /// A personal access token (`lkp_…`): `roles` are the ones it carries that the user holds.
        case accessToken = "access_token"
    }

    /// The account's id, stable for the account's life.
    public let userID: Int64
    /// The account's name.
    public let username: String
    /// The name the user shows, when they gave one.
    public let displayName: String?
    /// The account's email address, when it has one.
    public let email: String?
    /// True when the email address was proved with a code.
    public let emailVerified: Bool
    /// The address waiting for its verification code, in the answer of the change that asked for
    /// it; null elsewhere.
    public let pendingEmail: String?
    /// The phone number masked (`+7 (•••) •••-••-33`), when the user gave one.
    public let phone: String?
    /// When the account was created.
    public let memberSince: Date
    /// The sign-in before the current one, or nil for a first sign-in.
    public let lastSignIn: Date?
    /// The roles this credential may use, sorted: the account's for a session, the token's
    /// effective roles for an access token.
    public let roles: [String]
    /// True when sign-ins need a second factor.
    public let secondFactor: Bool
    /// Unused recovery codes (0 without a second factor).
    public let recoveryCodesLeft: Int
    /// How the caller signed in.
    public let credential: Credential
    /// The session's short public id (as `latchkey sessions` shows it), when the answer came from a session.
    public let session: String?
    /// When the session ends at the latest (its absolute end, however often it is used), when the
    /// answer came from a session.
    public let sessionExpires: Date?
    /// When the session ends unless it is used again (its idle timeout after its last recorded use,
    /// never later than `sessionExpires`), when the answer came from a session.
    public let sessionExpiresIfUnused: Date?
    /// How the session was signed in: its authentication methods as RFC 8176 values, the `amr` an
    /// OpenID Connect ID token carries. `pwd` a password; `otp` an authenticator app's code; `rcv` a
    /// recovery code (a value of Latchkey's own: RFC 8176 registers none for it); `hwk` a passkey
    /// (`swk` one its authenticator says is backed up, synced off the device) and `user` its
    /// authenticator's presence test; `mfa` more than one factor, which includes a passkey
    /// that verified its user (PIN or biometric), complete without a code. A password and a code is
    /// `["pwd", "otp", "mfa"]`; a passkey with user verification `["hwk", "user", "mfa"]`.
    ///
    /// Always present: empty for a session opened before Latchkey recorded methods (unknown, not
    /// none), for an access token, and where the answer did not read a session.
    public let amr: [String]
    /// The access token's short public id (as `latchkey tokens list` shows it), for an access token.
    public let accessToken: String?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", username, displayName = "display_name", email, emailVerified = "email_verified"
        case pendingEmail = "pending_email"
        case phone, memberSince = "member_since", lastSignIn = "last_sign_in", roles, secondFactor = "second_factor"
        case recoveryCodesLeft = "recovery_codes_left", credential, session, sessionExpires = "session_expires"
        case sessionExpiresIfUnused = "session_expires_if_unused", amr, accessToken = "access_token"
    }

    /// Every key always present, `null` for what is absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID, forKey: .userID)
        try container.encode(username, forKey: .username)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(email, forKey: .email)
        try container.encode(emailVerified, forKey: .emailVerified)
        try container.encode(pendingEmail, forKey: .pendingEmail)
        try container.encode(phone, forKey: .phone)
        try container.encode(memberSince, forKey: .memberSince)
        try container.encode(lastSignIn, forKey: .lastSignIn)
        try container.encode(roles, forKey: .roles)
        try container.encode(secondFactor, forKey: .secondFactor)
        try container.encode(recoveryCodesLeft, forKey: .recoveryCodesLeft)
        try container.encode(credential, forKey: .credential)
        try container.encode(session, forKey: .session)
        try container.encode(sessionExpires, forKey: .sessionExpires)
        try container.encode(sessionExpiresIfUnused, forKey: .sessionExpiresIfUnused)
        try container.encode(amr, forKey: .amr)
        try container.encode(accessToken, forKey: .accessToken)
    }

    private init(
        _ user: UserProfile, credential: Credential, session: SessionInfo?, accessToken: AccessTokenInfo?,
        pendingEmail: String? = nil
    ) {
        userID = user.id
        username = user.username
        displayName = user.displayName
        email = user.email
        emailVerified = user.emailVerified
        self.pendingEmail = pendingEmail
        phone = user.phone.map(PhoneMask.mask)
        memberSince = user.createdAt
        lastSignIn = user.previousLoginAt
        roles = user.roles
        secondFactor = user.secondFactorOn
        recoveryCodesLeft = user.recoveryCodesLeft
        self.credential = credential
        self.session = session?.shortID
        sessionExpires = session?.expiresAt
        sessionExpiresIfUnused = session?.expiresIfUnused
        amr = session?.methods.map(\.rawValue) ?? []
        self.accessToken = accessToken?.shortID
    }

    /// `user`, signed in with `session` (nil when the answer did not read one).
    package init(_ user: UserProfile, session: SessionInfo?) {
        self.init(user, credential: .session, session: session, accessToken: nil)
    }

    /// `user` after a change of their profile, with the address waiting for its code, if any.
    package init(_ user: UserProfile, pendingEmail: String?) {
        self.init(user, credential: .session, session: nil, accessToken: nil, pendingEmail: pendingEmail)
    }

    /// `user`, signed in with an access token.
    package init(_ user: UserProfile, accessToken: AccessTokenInfo?) {
        self.init(user, credential: .accessToken, session: nil, accessToken: accessToken)
    }
}
