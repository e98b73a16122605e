/// The Login scene: a username and password become a new session.
package enum Login {
    package enum Authenticate {
        /// What the display collected.
        package struct Request: Sendable {
            package var username: String
            package var password: String
            /// A name for the new session ("work laptop"), checked like a display name.
            package var label: String?

            /// A request with the typed username and password.
            package init(username: String, password: String, label: String? = nil) {
                self.username = username
                self.password = password
                self.label = label
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            /// Signed in: the token is new and shown only this once.
            case signedIn(user: UserProfile, session: SessionInfo, token: SessionToken)
            /// Signed in, but an operator requires a new password: the session serves only that.
            case passwordChangeRequired(user: UserProfile, session: SessionInfo, token: SessionToken)
            /// The password was right; the sign-in completes with a second-factor code.
            case secondFactorRequired(LoginChallenge)
            /// The session label broke the display-name rules.
            case invalidLabel
            /// Wrong password, unknown or disabled user: deliberately one case.
            case invalidCredentials
            /// Too many failures for this username: refused without checking the password, for
            /// as long as the lock has left.
            case throttled(retryAfter: Duration)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the sign-in's result (a display keeps its token, the CLI in the
        /// session file, and sends its challenge back with a code), or the presenter's failure.
        package typealias ViewModel = Result<SignInResult, LatchkeyError>
    }

    /// The second step of a sign-in with a second factor: the challenge and the code (or a recovery code).
    package enum SecondFactor {
        package struct Request: Sendable {
            package var challenge: LoginChallenge
            package var code: String

            /// A request completing the sign-in of `challenge` with `code`.
            package init(challenge: LoginChallenge, code: String) {
                self.challenge = challenge
                self.code = code
            }
        }
    }

    /// A sign-in with a passkey: the browser's assertion, answered as a password sign-in is.
    package enum Passkey {
        package struct Request: Sendable {
            /// The browser's `AuthenticationResponseJSON`.
            package var credential: PasskeyAuthenticationResponse
            /// A name for the new session, checked like a display name.
            package var label: String?

            package init(credential: PasskeyAuthenticationResponse, label: String? = nil) {
                self.credential = credential
                self.label = label
            }
        }
    }

    /// A display that could not keep a new session's token asks for the session to end at once.
    package enum Abandon {
        /// The token the display could not keep.
        package struct Request: Sendable {
            package var token: SessionToken

            /// A request to end the session of `token`.
            package init(token: SessionToken) {
                self.token = token
            }
        }
    }
}

extension Login.Authenticate.Response: ServiceResponse {}

/// What the Login interactor does for a display.
package protocol LoginBusinessLogic: AnyObject {
    /// Checks the credentials, opens a session and presents the outcome.
    func login(request: Login.Authenticate.Request)
    /// Checks a passkey's assertion and opens a session; presents like `login`.
    func loginWithPasskey(request: Login.Passkey.Request)
    /// Completes a sign-in that answered `.secondFactorRequired`; presents like `login`.
    func completeLogin(request: Login.SecondFactor.Request)
    /// Ends the session just opened, because the display cannot keep its token: a session nobody
    /// can use must not stay live. Nothing is presented; the display reports its own failure.
    func abandonSession(request: Login.Abandon.Request)
}

/// What the Login scene keeps for the scenes it leads to.
package protocol LoginDataStore: AnyObject {
    /// The user who signed in, if the last request succeeded.
    var signedInUser: UserProfile? { get }
    /// The session that sign-in opened.
    var session: SessionInfo? { get }
}

/// How the Login presenter is reached.
package protocol LoginPresentationLogic: AnyObject {
    /// Formats the outcome for the display.
    func presentLogin(response: Login.Authenticate.Response)
}

/// What a display of the Login scene implements.
package protocol LoginDisplayLogic: AnyObject {
    /// Shows the outcome.
    func displayLogin(viewModel: Login.Authenticate.ViewModel)
}
