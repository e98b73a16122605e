/// The Sessions scene: where the signed-in user is signed in, and ending one or all other sessions.
package enum Sessions {
    /// One live session as the interactor found it.
    package struct Item: Sendable, Hashable {
        /// The session, which answers when it ends (`expiresIfUnused`, `expiresAt`).
        package let session: SessionInfo
        /// True for the session the request came with.
        package let isCurrent: Bool
    }

    package enum List {
        /// The session's token.
        package struct Request: Sendable {
            package var token: SessionToken?

            /// A request for the live sessions of the user of `token`.
            package init(token: SessionToken?) {
                self.token = token
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            case sessions([Item])
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// One session ready to show as text (an administrator's view of an account lists them).
        package struct Entry: Sendable, Hashable {
            package let shortID: String
            package let label: String?
            package let created: String
            package let lastUsed: String
            package let expires: String
            package let createdISO8601: String
            package let lastUsedISO8601: String
            package let expiresISO8601: String
            package let isCurrent: Bool
            /// Where it was opened from (an address), when a server said.
            package var address: String? = nil
            /// The user agent, or the local program and terminal, it was opened with.
            package var userAgent: String? = nil
        }

        /// What every display shows: the live sessions, newest first, or the presenter's failure.
        package typealias ViewModel = Result<[SessionSummary], LatchkeyError>
    }

    package enum Revoke {
        /// Which sessions to end.
        package enum Target: Sendable, Hashable {
            /// The session with this short id (as `latchkey sessions` shows it).
            case session(String)
            /// Every session but the current one.
            case others
        }

        /// The session's token and the target.
        package struct Request: Sendable {
            package var token: SessionToken?
            package var target: Target

            /// A request to end `target` on behalf of the user of `token`.
            package init(token: SessionToken?, target: Target) {
                self.token = token
                self.target = target
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            /// `count` sessions ended; `includedCurrent` when the current one was among them.
            case revoked(count: Int, includedCurrent: Bool)
            /// No live session of this user has that id (whoever else's it may be).
            case noSuchSession
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: how many sessions ended and whether this one was among them
        /// (a display then forgets its token), or the presenter's failure.
        package typealias ViewModel = Result<SessionRevocation, LatchkeyError>
    }
}

extension Sessions.List.Response: SessionScopedResponse {}
extension Sessions.Revoke.Response: SessionScopedResponse {}

/// What the Sessions interactor does for a display.
package protocol SessionsBusinessLogic: AnyObject {
    /// Lists the signed-in user's live sessions.
    func fetchSessions(request: Sessions.List.Request)
    /// Ends one session, or all but the current one.
    func revokeSessions(request: Sessions.Revoke.Request)
}

/// How the Sessions presenter is reached.
package protocol SessionsPresentationLogic: AnyObject {
    /// Shows the list.
    func presentSessions(response: Sessions.List.Response)
    /// Shows the outcome of a revocation.
    func presentRevocation(response: Sessions.Revoke.Response)
}

/// What a display of the Sessions scene implements.
package protocol SessionsDisplayLogic: AnyObject {
    /// Shows the list or the failure.
    func displaySessions(viewModel: Sessions.List.ViewModel)
    /// Shows the outcome of a revocation.
    func displayRevocation(viewModel: Sessions.Revoke.ViewModel)
}
