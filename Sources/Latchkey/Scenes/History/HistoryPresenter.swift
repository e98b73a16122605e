/// Turns audit events into rows a display shows.
public final class HistoryPresenter: ScenePresenter<any HistoryDisplayLogic>, HistoryPresentationLogic {
    public func presentEvents(response: History.ListEvents.Response) {
        display?.displayEvents(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: History.ListEvents.Response) -> History.ListEvents.ViewModel {
        switch response {
        case .events(let events):
            .events(
                events.map {
                    History.ListEvents.Entry(
                        time: DateText.format($0.occurredAt), timeISO8601: DateText.iso8601($0.occurredAt),
                        description: describe($0), kind: $0.kind.rawValue, reason: $0.reason?.rawValue)
                })
        case .sessionRefused(let problem): .failed(.session(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
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
        }
    }
}
