/// Turns audit events into the entries every display shows.
package final class HistoryPresenter: ScenePresenter<any HistoryDisplayLogic>, HistoryPresentationLogic {
    package func presentEvents(response: History.ListEvents.Response) {
        display?.displayEvents(viewModel: viewModel(for: response))
    }

    private func viewModel(for response: History.ListEvents.Response) -> History.ListEvents.ViewModel {
        switch response {
        case .events(let events): .success(events.map(HistoryEntry.init))
        case .sessionRefused(let problem): .failure(.session(problem))
        case .unavailable(let problem): .failure(.unavailable(problem))
        }
    }

    /// `event` as a row of text, for an administrator's view of an account.
    static func entry(_ event: AuthEvent) -> History.ListEvents.Entry {
        History.ListEvents.Entry(
            time: DateText.format(event.occurredAt), timeISO8601: DateText.iso8601(event.occurredAt),
            description: description(of: event), kind: event.kind.rawValue, reason: event.reason?.rawValue,
            address: event.address, userAgent: event.userAgent, count: event.occurrences)
    }

    /// The event in words, with how many times, where from and which administrator (escaped).
    static func description(of event: AuthEvent) -> String {
        describe(event) + repeated(event) + (event.address.map { " from \($0)" } ?? "")
            + (event.actor.map { " (by administrator \(TerminalEscaping.escape($0.name)))" } ?? "")
    }

    /// How many, for an event kept once for several.
    static func repeated(_ event: AuthEvent) -> String {
        guard event.occurrences > 1 else { return "" }
        return event.kind == .accessTokenRevoked ? " (\(event.occurrences) tokens)" : " (\(event.occurrences) times)"
    }

    static func describe(_ event: AuthEvent) -> String {
        switch (event.kind, event.reason) {
        case (.registered, _): "Account created"
        case (.loginSucceeded, _): "Signed in"
        case (.loginFailed, .throttled?): "Sign-in refused: too many attempts"
        case (.loginFailed, .disabled?): "Sign-in refused: account disabled"
        case (.loginFailed, _): "Sign-in failed: wrong password"
        case (.loggedOut, _): "Signed out"
        case (.passwordChanged, _): "Password changed"
        case (.passwordChangeFailed, .throttled?): "Password change refused: too many attempts"
        case (.passwordChangeFailed, _): "Password change failed: wrong current password"
        case (.sessionsRevoked, _): "Other sessions signed out"
        case (.sessionRevoked, _): "One session signed out"
        case (.accountDisabled, _): "Account disabled"
        case (.accountEnabled, _): "Account enabled"
        case (.throttleCleared, _): "Sign-in lock cleared"
        case (.passwordChangeRequired, _): "New password required"
        case (.passwordSet, _): "Password set by an administrator"
        case (.rolesChanged, _): "Roles changed"
        case (.accountDeleted, _): "Account deleted"
        case (.factorEnabled, _): "Second factor turned on"
        case (.factorDisabled, _): "Second factor turned off"
        case (.factorReset, _): "Second factor removed by an administrator"
        case (.codeFailed, _): "Sign-in failed: wrong code"
        case (.recoveryCodeUsed, _): "Signed in with a recovery code"
        case (.recoveryCodesReplaced, _): "Recovery codes replaced"
        case (.accessTokenCreated, _): "Access token created"
        case (.accessTokenRevoked, _): "Access token revoked"
        case (.accessTokenRefused, _): "Access token refused: revoked, expired or account disabled"
        case (.passwordResetRequested, _): "Password reset requested"
        case (.passwordResetDelivered, _): "Password reset code sent"
        case (.passwordResetDeliveryFailed, _): "Password reset code could not be sent"
        case (.passwordResetCodeFailed, _): "Password reset failed: wrong or expired code"
        case (.passwordReset, _): "Password reset with a code"
        case (.passwordResetCodeIssued, _): "Password reset code made"
        case (.profileChanged, _): "Profile changed"
        case (.profileChangeFailed, .throttled?): "Profile change refused: too many attempts"
        case (.profileChangeFailed, _): "Profile change failed: wrong password"
        case (.emailVerificationRequested, _): "Email verification requested"
        case (.emailVerificationDelivered, _): "Email verification code sent"
        case (.emailVerificationDeliveryFailed, _): "Email verification code could not be sent"
        case (.emailVerificationCodeFailed, _): "Email verification failed: wrong or expired code"
        case (.emailVerified, _): "Email address verified"
        case (.emailChangeNoticeDelivered, _): "Old email address told of the change"
        case (.emailChangeNoticeDeliveryFailed, _): "Old email address could not be told of the change"
        case (.emailDropped, _): "Unverified email address dropped: another account verified it"
        case (.emailPendingDroppedDelivered, _): "Email address told its pending change was dropped"
        case (.emailPendingDroppedDeliveryFailed, _): "Email address could not be told its pending change was dropped"
        case (.emailKeyKept, _): "Email address kept apart on upgrade" + (event.detail.map { " (\($0))" } ?? "")
        case (.usersImported, _): "Users imported" + (event.detail.map { " (\($0))" } ?? "")
        case (.invitationIssued, _): "Invitation issued" + (event.detail.map { " (\($0))" } ?? "")
        case (.registeredByInvitation, _): "Registered with an invitation" + (event.detail.map { " (\($0))" } ?? "")
        case (.invitationRevoked, _): "Invitation revoked" + (event.detail.map { " (\($0))" } ?? "")
        case (.passkeyRegistered, _): "Passkey added" + (event.detail.map { " (\($0))" } ?? "")
        case (.passkeyRenamed, _): "Passkey renamed" + (event.detail.map { " (\($0))" } ?? "")
        case (.passkeyRemoved, _): "Passkey removed" + (event.detail.map { " (\($0))" } ?? "")
        case (.passkeyCounterRegressed, _):
            "Passkey refused: its counter went backwards (a copy?)" + (event.detail.map { " (\($0))" } ?? "")
        case (.signingKeysRotated, _): "Signing keys rotated" + (event.detail.map { " (\($0))" } ?? "")
        case (.oidcClientAdded, _): "OpenID Connect client added" + (event.detail.map { " (\($0))" } ?? "")
        case (.oidcClientRemoved, _): "OpenID Connect client removed" + (event.detail.map { " (\($0))" } ?? "")
        case (.oidcClientSecretRotated, _):
            "OpenID Connect client secret replaced" + (event.detail.map { " (\($0))" } ?? "")
        case (.oidcSignedIn, _): "Signed in to " + (event.detail ?? "an OpenID Connect client")
        case (.oidcCodeReplayed, _):
            "Sign-in code used twice: the sign-in to " + (event.detail ?? "the client") + " was ended"
        case (.oidcRefreshReused, _):
            "Refresh token used twice: the sign-in to " + (event.detail ?? "the client") + " was ended"
        case (.oidcGrantRevoked, _): "Sign-in to " + (event.detail ?? "a client") + " ended by the client"
        }
    }
}

extension Reply: HistoryDisplayLogic where ViewModel == History.ListEvents.ViewModel {
    func displayEvents(viewModel: History.ListEvents.ViewModel) { show(viewModel) }
}
