package import Foundation

/// One entry of the audit trail: what happened, when, to which username. Never a secret.
package struct AuthEvent: Sendable, Hashable {
    /// What happened.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case registered = "registered"
        case loginSucceeded = "login_succeeded"
        case loginFailed = "login_failed"
        case loggedOut = "logged_out"
        case passwordChanged = "password_changed"
        /// `passwd` with a wrong current password (or while the name was locked).
        case passwordChangeFailed = "password_change_failed"
        case sessionsRevoked = "sessions_revoked"
        /// The user ended one of their own sessions by its short id.
        case sessionRevoked = "session_revoked"
        case accountDisabled = "account_disabled"
        case accountEnabled = "account_enabled"
        /// An operator cleared the throttle of a name.
        case throttleCleared = "throttle_cleared"
        /// An operator required a new password at the next sign-in.
        case passwordChangeRequired = "password_change_required"
        /// An operator set the password.
        case passwordSet = "password_set"
        case rolesChanged = "roles_changed"
        /// The account was erased; its earlier events keep a pseudonym instead of the name.
        case accountDeleted = "account_deleted"
        case factorEnabled = "factor_enabled"
        case factorDisabled = "factor_disabled"
        /// An operator removed the factor.
        case factorReset = "factor_reset"
        /// A wrong second-factor code (counted by the throttle like a wrong password).
        case codeFailed = "code_failed"
        case recoveryCodeUsed = "recovery_code_used"
        case recoveryCodesReplaced = "recovery_codes_replaced"
        case accessTokenCreated = "access_token_created"
        case accessTokenRevoked = "access_token_revoked"
        /// A revoked or expired token was presented, or one whose user is disabled.
        case accessTokenRefused = "access_token_refused"
        /// A reset was asked for (a code made when the account exists and is enabled).
        case passwordResetRequested = "password_reset_requested"
        /// An operator made a reset code to hand over.
        case passwordResetCodeIssued = "password_reset_code_issued"
        /// The application's delivery took the code (or failed: `reason` says so).
        case passwordResetDelivered = "password_reset_delivered"
        case passwordResetDeliveryFailed = "password_reset_delivery_failed"
        /// A wrong, used, replaced or expired reset code (counted by the throttle).
        case passwordResetCodeFailed = "password_reset_code_failed"
        /// The password was set with a reset code.
        case passwordReset = "password_reset"
        /// The user changed the display name, phone or email (a new email waits for its code).
        case profileChanged = "profile_changed"
        /// A change of the email with a wrong password (or while the name was locked).
        case profileChangeFailed = "profile_change_failed"
        /// A code was made to verify an email address.
        case emailVerificationRequested = "email_verification_requested"
        case emailVerificationDelivered = "email_verification_delivered"
        case emailVerificationDeliveryFailed = "email_verification_delivery_failed"
        /// A wrong, used, replaced or expired verification code (counted by the throttle).
        case emailVerificationCodeFailed = "email_verification_code_failed"
        /// The address was proved to be the user's (and, for a change, became the account's).
        case emailVerified = "email_verified"
        /// The old address was told of a change of address (or the delivery failed).
        case emailChangeNoticeDelivered = "email_change_notice_delivered"
        case emailChangeNoticeDeliveryFailed = "email_change_notice_delivery_failed"
        /// Another account verified the address this one held unverified (or waited to prove): it
        /// was dropped from this account.
        case emailDropped = "email_dropped"
        /// The account's verified address was told its pending change was dropped (or the delivery failed).
        case emailPendingDroppedDelivered = "email_pending_dropped_delivered"
        case emailPendingDroppedDeliveryFailed = "email_pending_dropped_delivery_failed"
        /// An upgrade found this account's verified address folding to another verified account's:
        /// it keeps its old key; `detail` names the other account.
        case emailKeyKept = "email_key_kept"
        /// An operator imported accounts; `detail` has the counts.
        case usersImported = "users_imported"
        /// An operator issued an invitation; `detail` has its number, expiry and roles.
        case invitationIssued = "invitation_issued"
        /// The account was registered with an invitation; `detail` has its number and roles.
        case registeredByInvitation = "registered_by_invitation"
        /// An operator revoked an unused invitation; `detail` has its number.
        case invitationRevoked = "invitation_revoked"
        /// A passkey was registered (its name in the detail).
        case passkeyRegistered = "passkey_registered"
        case passkeyRenamed = "passkey_renamed"
        case passkeyRemoved = "passkey_removed"
        /// A sign-in presented a passkey whose signature counter went backwards: refused, and the
        /// passkey flagged (a possible copy of the authenticator).
        case passkeyCounterRegressed = "passkey_counter_regressed"
        /// An operator rotated the OpenID provider's signing keys; `detail` has the grace period.
        case signingKeysRotated = "signing_keys_rotated"
        /// An operator registered an OpenID Connect client (its client ID and name in the detail).
        case oidcClientAdded = "oidc_client_added"
        case oidcClientRemoved = "oidc_client_removed"
        /// An operator replaced a confidential client's secret: the old one no longer works.
        case oidcClientSecretRotated = "oidc_client_secret_rotated"
        /// The user signed in to an OpenID Connect client: a code was exchanged for a grant (the
        /// client's name in the detail).
        case oidcSignedIn = "oidc_signed_in"
        /// A code was presented a second time: the grant its first exchange opened was ended.
        case oidcCodeReplayed = "oidc_code_replayed"
        /// A refresh token was presented after it was rotated: its whole grant was ended.
        case oidcRefreshReused = "oidc_refresh_reused"
        /// A client revoked one of its tokens, which ended the grant.
        case oidcGrantRevoked = "oidc_grant_revoked"

        /// Whether the event's detail is the user's own to see in their history (a client's name),
        /// not another account's or an operator's note.
        var detailIsTheUsers: Bool {
            switch self {
            case .oidcSignedIn, .oidcCodeReplayed, .oidcRefreshReused, .oidcGrantRevoked: true
            default: false
            }
        }
    }

    /// An operator's action: made through `latchkey admin`, or by a signed-in administrator.
    package struct Operator: Sendable, Hashable {
        /// The operating-system user who ran `latchkey admin`; nil for a signed-in administrator.
        package let osUser: String?
        /// The administrator's account, for one who acted through a session.
        package let userID: Int64?
        /// That account's username as it is now, when read back (nil once it is deleted).
        package internal(set) var username: String?

        /// An operator known by the operating-system user `osUser`.
        package init(osUser: String) {
            self.osUser = String(osUser.prefix(64))
            userID = nil
        }

        /// A signed-in administrator: the account `userID`, named `username`.
        init(administratorID userID: Int64, username: String?) {
            osUser = nil
            self.userID = userID
            self.username = username
        }

        /// How a display names the operator.
        package var name: String { osUser ?? username ?? "a deleted account" }
    }

    /// Why a sign-in failed.
    package enum FailureReason: String, Sendable, Hashable, CaseIterable {
        case badCredentials = "bad_credentials"
        case throttled = "throttled"
        case disabled = "disabled"
    }

    /// When it happened.
    package let occurredAt: Date
    /// What happened.
    package let kind: Kind
    /// Why, for failures.
    package let reason: FailureReason?
    /// The normalized username typed; for a name that matches no account, a keyed hash of it.
    package let usernameKey: String
    /// The account, when the name matched one.
    package let userID: Int64?
    /// The operator who acted, or nil when the user did.
    package var actor: Operator? = nil
    /// The client's address, as the request gave it.
    package var address: String? = nil
    /// The client's user agent, or the local program and terminal.
    package var userAgent: String? = nil
    /// More about an event concerning many accounts (an import's counts).
    package var detail: String? = nil
    /// How many times it happened: the refusals of one access token within a minute are one event,
    /// and so are the tokens revoked at once with a password.
    package var occurrences: Int = 1
}
