/// The WhoAmI scene: the profile of whoever a session token (or the Login scene) says is signed in.
public enum WhoAmI {
    public enum Profile {
        /// A token from the session file; nil to show the user the Login router handed over.
        public struct Request: Sendable {
            public var token: SessionToken?

            /// A request for the session of `token`.
            public init(token: SessionToken?) {
                self.token = token
            }
        }

        /// The outcome, for the presenter.
        public enum Response: Sendable, Hashable {
            case signedIn(user: UserProfile, session: SessionInfo)
            /// No token, an unknown or revoked one, or a disabled user.
            case notSignedIn
            case expired
            case unavailable(ServiceProblem)
        }

        /// What the display shows.
        public enum ViewModel: Sendable, Hashable {
            case card(ProfileCard)
            case failed(FailureViewModel)
        }
    }
}

/// What the WhoAmI interactor does for a display.
public protocol WhoAmIBusinessLogic: AnyObject {
    /// Finds the signed-in user and presents the profile.
    func fetchProfile(request: WhoAmI.Profile.Request)
}

/// What the WhoAmI scene is handed by the scene before it.
public protocol WhoAmIDataStore: AnyObject {
    var user: UserProfile? { get set }
    var session: SessionInfo? { get set }
}

/// How the WhoAmI presenter is reached.
public protocol WhoAmIPresentationLogic: AnyObject {
    /// Formats the outcome for the display.
    func presentProfile(response: WhoAmI.Profile.Response)
}

/// What a display of the WhoAmI scene implements.
public protocol WhoAmIDisplayLogic: AnyObject {
    /// Shows the profile card or the failure.
    func displayProfile(viewModel: WhoAmI.Profile.ViewModel)
}
