/// The Passkeys scene: a signed-in user enrols, lists, renames and removes passkeys, and anyone may
/// ask for the options of a passkey sign-in (the sign-in itself is the Login scene's).
package enum Passkeys {
    /// Why a passkey request was refused before any credential was looked at.
    package enum Problem: Sendable, Equatable {
        /// The server has no relying party configured: passkeys are off.
        case notConfigured
        /// Enrolling needs a sign-in within the policy's window; this session is older.
        case reauthenticationRequired
        /// The account has the policy's number of passkeys already.
        case tooMany(limit: Int)
        /// The name is empty, too long or not one line.
        case invalidName
        /// No passkey of this account has that id.
        case noSuchPasskey
        /// The passkey is the account's only way to sign in (no password, no other passkey).
        case lastSignInMethod
        /// Another account, or this one, has that credential already.
        case alreadyRegistered
        /// The browser's response failed one of the WebAuthn checks.
        case refused(PasskeyError)
    }

    package enum Enrol {
        package struct Request: Sendable {
            package var token: SessionToken?

            package init(token: SessionToken?) { self.token = token }
        }

        package enum Response: Sendable, Equatable {
            case options(PasskeyCreationOptions)
            case rejected(Problem)
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// The options a page passes to `navigator.credentials.create`, or the failure.
        package typealias ViewModel = Result<PasskeyCreationOptions, LatchkeyError>
    }

    package enum Register {
        package struct Request: Sendable {
            package var token: SessionToken?
            /// The browser's `RegistrationResponseJSON`.
            package var credential: PasskeyRegistrationResponse
            /// The name the user gives the passkey ("Laptop").
            package var name: String
            /// The response's `transports` (`getTransports()`), kept for the options of later
            /// ceremonies.
            package var transports: [String]

            package init(
                token: SessionToken?, credential: PasskeyRegistrationResponse, name: String, transports: [String] = []
            ) {
                self.token = token
                self.credential = credential
                self.name = name
                self.transports = transports
            }
        }

        package enum Response: Sendable, Equatable {
            case registered(StoredPasskey)
            case rejected(Problem)
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        package typealias ViewModel = Result<PasskeySummary, LatchkeyError>
    }

    package enum SignInOptions {
        package struct Request: Sendable {
            /// The typed username, for a sign-in after a username; nil for a passwordless one.
            package var username: String?

            package init(username: String?) { self.username = username }
        }

        package enum Response: Sendable, Equatable {
            case options(PasskeyRequestOptions)
            case rejected(Problem)
            case unavailable(ServiceProblem)
        }

        package typealias ViewModel = Result<PasskeyRequestOptions, LatchkeyError>
    }

    package enum List {
        package struct Request: Sendable {
            package var token: SessionToken?

            package init(token: SessionToken?) { self.token = token }
        }

        package enum Response: Sendable, Equatable {
            case passkeys([StoredPasskey])
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        package typealias ViewModel = Result<[PasskeySummary], LatchkeyError>
    }

    package enum Change {
        package enum Action: Sendable, Equatable {
            case rename(String)
            case revoke
        }

        package struct Request: Sendable {
            package var token: SessionToken?
            /// The passkey's short id, as listed.
            package var id: String
            package var action: Action

            package init(token: SessionToken?, id: String, action: Action) {
                self.token = token
                self.id = id
                self.action = action
            }
        }

        package enum Response: Sendable, Equatable {
            case renamed(StoredPasskey)
            case revoked(StoredPasskey)
            case rejected(Problem)
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// The passkey as it is now (for a removal, as it was).
        package typealias ViewModel = Result<PasskeySummary, LatchkeyError>
    }
}

extension Passkeys.Enrol.Response: SessionScopedResponse {}
extension Passkeys.Register.Response: SessionScopedResponse {}
extension Passkeys.List.Response: SessionScopedResponse {}
extension Passkeys.Change.Response: SessionScopedResponse {}
extension Passkeys.SignInOptions.Response: ServiceResponse {}

/// What the Passkeys interactor does for a display.
package protocol PasskeysBusinessLogic: AnyObject {
    /// The options of a registration for the signed-in user.
    func enrol(request: Passkeys.Enrol.Request)
    /// Verifies and stores the browser's registration.
    func register(request: Passkeys.Register.Request)
    /// The options of a sign-in, passwordless or after a username.
    func signInOptions(request: Passkeys.SignInOptions.Request)
    /// The signed-in user's passkeys.
    func list(request: Passkeys.List.Request)
    /// Renames or removes one of them.
    func change(request: Passkeys.Change.Request)
}

/// How the Passkeys presenter is reached.
package protocol PasskeysPresentationLogic: AnyObject {
    func presentEnrolment(response: Passkeys.Enrol.Response)
    func presentRegistration(response: Passkeys.Register.Response)
    func presentSignInOptions(response: Passkeys.SignInOptions.Response)
    func presentList(response: Passkeys.List.Response)
    func presentChange(response: Passkeys.Change.Response)
}

/// What a display of the Passkeys scene implements.
package protocol PasskeysDisplayLogic: AnyObject {
    func displayEnrolment(viewModel: Passkeys.Enrol.ViewModel)
    func displayRegistration(viewModel: Passkeys.Register.ViewModel)
    func displaySignInOptions(viewModel: Passkeys.SignInOptions.ViewModel)
    func displayList(viewModel: Passkeys.List.ViewModel)
    func displayChange(viewModel: Passkeys.Change.ViewModel)
}
