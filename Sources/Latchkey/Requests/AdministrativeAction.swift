/// What to do to an account.
public enum AdministrativeAction: Sendable, Hashable {
    /// Refuse every sign-in and end every session.
    case disable
    /// Allow sign-ins again.
    case enable
    /// Clear the throttle of the name.
    case unlock
    /// The next sign-in leads only to changing the password.
    case expirePassword
    /// Erase the account; its audit events keep a pseudonym.
    case delete
    /// Set a password (through the rules) and end every session.
    case setPassword(String)
    /// Add and remove roles.
    case roles(add: [String], remove: [String])
    /// Remove the second factor and its recovery codes (a user who lost both).
    case resetSecondFactor
    /// Revokes one of the user's personal access tokens by its short id.
    case revokeToken(id: String)
    /// Removes one of the user's passkeys by its short id, even the account's last one (an
    /// operator can set a password).
    case revokePasskey(id: String)
    /// Ends every live session of the user (access tokens stay; disabling ends both).
    case endSessions
}
