/// Turns sessions into the rows a display shows.
package final class SessionsPresenter: ScenePresenter<any SessionsDisplayLogic>, SessionsPresentationLogic {
    package func presentSessions(response: Sessions.List.Response) {
        display?.displaySessions(viewModel: Self.viewModel(for: response))
    }

    package func presentRevocation(response: Sessions.Revoke.Response) {
        display?.displayRevocation(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: Sessions.List.Response) -> Sessions.List.ViewModel {
        switch response {
        case .sessions(let items):
            .sessions(
                items.map {
                    Sessions.List.Entry(
                        shortID: $0.session.shortID, label: $0.session.label,
                        created: DateText.format($0.session.createdAt),
                        lastUsed: DateText.format($0.session.lastUsedAt),
                        expires: DateText.format($0.endsAt), createdISO8601: DateText.iso8601($0.session.createdAt),
                        lastUsedISO8601: DateText.iso8601($0.session.lastUsedAt),
                        expiresISO8601: DateText.iso8601($0.endsAt),
                        isCurrent: $0.isCurrent, address: $0.session.address, userAgent: $0.session.userAgent)
                })
        case .sessionRefused(let problem): .failed(.session(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }

    static func viewModel(for response: Sessions.Revoke.Response) -> Sessions.Revoke.ViewModel {
        switch response {
        case .revoked(0, _): .revoked(message: "No other session to sign out.", endedCurrent: false)
        case .revoked(1, let current):
            .revoked(
                message: current ? "Signed out of this session." : "Signed out of 1 session.", endedCurrent: current)
        case .revoked(let count, let current):
            .revoked(message: "Signed out of \(count) sessions.", endedCurrent: current)
        case .noSuchSession:
            .failed(LatchkeyError(message: "No session of yours has that id.", kind: .invalidInput))
        case .sessionRefused(let problem): .failed(.session(problem))
        case .unavailable(let problem): .failed(.unavailable(problem))
        }
    }
}
