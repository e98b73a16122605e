/// The History scene: the signed-in user's recent security events from the audit trail.
package enum History {
    package enum ListEvents {
        /// The session's token and how many events to show, newest first.
        package struct Request: Sendable {
            package var token: SessionToken?
            /// How many events; nil for the policy's default. Kept within 1 and the policy's maximum.
            package var limit: Int?

            /// A request for the latest `limit` events of the user of `token`.
            package init(token: SessionToken?, limit: Int? = nil) {
                self.token = token
                self.limit = limit
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            case events([AuthEvent])
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// One event ready to show as text (an administrator's view of an account lists them).
        package struct Entry: Sendable, Hashable {
            /// `YYYY-MM-DD HH:MM UTC`.
            package let time: String
            /// The same time in ISO 8601, for machines.
            package let timeISO8601: String
            /// The event in words ("Sign-in failed: wrong password").
            package let description: String
            /// The stable event name (`login_failed`), for machines.
            package let kind: String
            /// The stable reason (`bad_credentials`), for machines.
            package let reason: String?
            /// The client's address, when a server gave one.
            package var address: String? = nil
            /// The client's user agent, or the local program and terminal.
            package var userAgent: String? = nil
            /// How many times it happened, or how many tokens one revocation ended (see `AuthEvent`).
            package var count: Int = 1
        }

        /// What every display shows: the events, newest first, or the presenter's failure.
        package typealias ViewModel = Result<[HistoryEntry], LatchkeyError>
    }
}

extension History.ListEvents.Response: SessionScopedResponse {}

/// What the History interactor does for a display.
package protocol HistoryBusinessLogic: AnyObject {
    /// Reads the signed-in user's recent events and presents them.
    func fetchEvents(request: History.ListEvents.Request)
}

/// How the History presenter is reached.
package protocol HistoryPresentationLogic: AnyObject {
    /// Formats the events for the display.
    func presentEvents(response: History.ListEvents.Response)
}

/// What a display of the History scene implements.
package protocol HistoryDisplayLogic: AnyObject {
    /// Shows the events or the failure.
    func displayEvents(viewModel: History.ListEvents.ViewModel)
}
