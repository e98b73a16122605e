/// The WhoAmI scene: the profile of whoever a session token (or the Login scene) says is signed in.
package enum WhoAmI {
    package enum Profile {
        /// Where the signed-in user comes from.
        package enum Source: Sendable, Hashable {
            /// A token, from the session file or a request header; nil when the display has none.
            case token(SessionToken?)
            /// A personal access token (`LATCHKEY_TOKEN`, `Authorization: Bearer lkp_…`); nil when
            /// malformed or its checksum is wrong.
            case accessToken(AccessToken?)
            /// The user and session the Login router handed over in this process, with no read.
            case handedOver
        }

        /// Which user to show.
        package struct Request: Sendable {
            package var source: Source

            /// A request for the user of `source`.
            package init(source: Source) {
                self.source = source
            }

            /// A request for the session of `token`.
            package init(token: SessionToken?) {
                self.source = .token(token)
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            case signedIn(user: UserProfile, session: SessionInfo)
            /// Signed in by an access token: `user.roles` are the token's effective roles.
            case signedInWithAccessToken(user: UserProfile, token: AccessTokenInfo)
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: who holds the credential, with their profile (the phone
        /// masked), or the presenter's failure.
        package typealias ViewModel = Result<Principal, LatchkeyError>
    }
}

extension WhoAmI.Profile.Response: SessionScopedResponse {}

/// What the WhoAmI interactor does for a display.
package protocol WhoAmIBusinessLogic: AnyObject {
    /// Finds the signed-in user and presents the profile.
    func fetchProfile(request: WhoAmI.Profile.Request)
}

/// What the WhoAmI scene is handed by the scene before it. Only a router writes it; reads by
/// token never do, so a `.handedOver` request always means the hand-over.
package protocol WhoAmIDataStore: AnyObject {
    var handedOverUser: UserProfile? { get set }
    var handedOverSession: SessionInfo? { get set }
}

/// How the WhoAmI presenter is reached.
package protocol WhoAmIPresentationLogic: AnyObject {
    /// Formats the outcome for the display.
    func presentProfile(response: WhoAmI.Profile.Response)
}

/// What a display of the WhoAmI scene implements.
package protocol WhoAmIDisplayLogic: AnyObject {
    /// Shows the profile card or the failure.
    func displayProfile(viewModel: WhoAmI.Profile.ViewModel)
}
