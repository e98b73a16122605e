/// The Clients scene: the OpenID Connect clients (relying parties) an operator registers, lists,
/// shows, removes and gives a new secret. Open to an operator with access to the database and to a
/// signed-in administrator (`Admin.role`), as the Admin scene is; every change is audited.
package enum Clients {
    /// The most redirect URIs (and, apart, post-logout redirect URIs) a client may have.
    package static let maximumURIs = 10

    /// Why a request names no client, or describes one that cannot be stored.
    package enum Problem: Error, Sendable, Hashable {
        /// Not one line of 1 to 64 printable characters, or shaped like a client ID (`lkc_…`).
        case invalidName
        /// Another client has the name, in any case.
        case nameTaken(String)
        case noRedirectURI
        case tooManyURIs
        case invalidURI(String, RedirectURI.Problem)
        case unknownScope(String)
        /// No client has that client ID or name.
        case noSuchClient
        /// A public client has no secret to rotate.
        case publicClient
    }

    package enum Add {
        /// The client to register, and who asks.
        package struct Request: Sendable {
            package var name: String
            package var redirectURIs: [String]
            package var postLogoutRedirectURIs: [String]
            /// Scope names beyond `openid`, which is always granted.
            package var scopes: [String]
            /// A browser or native app that cannot keep a secret: it gets none.
            package var isPublic: Bool
            /// Trusted to skip the consent screen.
            package var isFirstParty: Bool
            package var authority: Admin.Authority

            /// A request to add the client `name`, as whoever `authority` names.
            package init(
                name: String, redirectURIs: [String], postLogoutRedirectURIs: [String] = [], scopes: [String] = [],
                isPublic: Bool = false, isFirstParty: Bool = false, authority: Admin.Authority
            ) {
                self.name = name
                self.redirectURIs = redirectURIs
                self.postLogoutRedirectURIs = postLogoutRedirectURIs
                self.scopes = scopes
                self.isPublic = isPublic
                self.isFirstParty = isFirstParty
                self.authority = authority
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            /// The client, and its secret (shown once) unless it is public.
            case added(StoredOIDCClient, secret: OIDCClientSecret?)
            case rejected(Problem)
            case refused(Admin.AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the client with its secret, or the presenter's failure.
        package typealias ViewModel = Result<OIDCClientWithSecret, LatchkeyError>
    }
}

extension Clients {
    package enum List {
        /// Who asks.
        package struct Request: Sendable {
            /// A signed-in administrator's credential; nil for an operator with access to the database.
            package var credential: Admin.Credential?

            /// A request for every client.
            package init(credential: Admin.Credential? = nil) {
                self.credential = credential
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            /// Every client, by name.
            case clients([StoredOIDCClient])
            case refused(Admin.AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the clients (never a secret), or the presenter's failure.
        package typealias ViewModel = Result<[OIDCClientSummary], LatchkeyError>
    }

    package enum Show {
        /// The client (its client ID or name), and who asks.
        package struct Request: Sendable {
            package var client: String
            /// A signed-in administrator's credential; nil for an operator with access to the database.
            package var credential: Admin.Credential?

            /// A request for the client whose client ID or name is `client`.
            package init(client: String, credential: Admin.Credential? = nil) {
                self.client = client
                self.credential = credential
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            case client(StoredOIDCClient)
            case rejected(Problem)
            case refused(Admin.AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the client (never its secret), or the presenter's failure.
        package typealias ViewModel = Result<OIDCClientSummary, LatchkeyError>
    }
}

extension Clients {
    package enum Remove {
        /// The client (its client ID or name), and who asks.
        package struct Request: Sendable {
            package var client: String
            package var authority: Admin.Authority

            /// A request to remove the client whose client ID or name is `client`.
            package init(client: String, authority: Admin.Authority) {
                self.client = client
                self.authority = authority
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            case removed(StoredOIDCClient)
            case rejected(Problem)
            case refused(Admin.AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the removed client's ID and name, or the presenter's failure.
        package typealias ViewModel = Result<RemovedOIDCClient, LatchkeyError>
    }

    package enum RotateSecret {
        /// The client (its client ID or name), and who asks.
        package struct Request: Sendable {
            package var client: String
            package var authority: Admin.Authority

            /// A request for a new secret for the client whose client ID or name is `client`.
            package init(client: String, authority: Admin.Authority) {
                self.client = client
                self.authority = authority
            }
        }

        /// The outcome, for the presenter.
        package enum Response: Sendable, Hashable {
            /// The client and its new secret (shown once); the old secret no longer works.
            case rotated(StoredOIDCClient, secret: OIDCClientSecret)
            case rejected(Problem)
            case refused(Admin.AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the client with its new secret, or the presenter's failure.
        package typealias ViewModel = Result<OIDCClientWithSecret, LatchkeyError>
    }
}

extension Clients.Add.Response: ServiceResponse {}
extension Clients.List.Response: ServiceResponse {}
extension Clients.Show.Response: ServiceResponse {}
extension Clients.Remove.Response: ServiceResponse {}
extension Clients.RotateSecret.Response: ServiceResponse {}

/// What the Clients interactor does for a display.
package protocol ClientsBusinessLogic: AnyObject {
    /// Checks the request, stores the client (its secret's hash only) and presents its secret once.
    func add(request: Clients.Add.Request)
    /// Lists every client, never a secret.
    func list(request: Clients.List.Request)
    /// Shows one client, never its secret.
    func show(request: Clients.Show.Request)
    /// Removes a client, audited.
    func remove(request: Clients.Remove.Request)
    /// Replaces a confidential client's secret and presents the new one once, audited.
    func rotateSecret(request: Clients.RotateSecret.Request)
}

/// How the Clients presenter is reached.
package protocol ClientsPresentationLogic: AnyObject {
    func presentAdded(response: Clients.Add.Response)
    func presentClients(response: Clients.List.Response)
    func presentClient(response: Clients.Show.Response)
    func presentRemoved(response: Clients.Remove.Response)
    func presentRotated(response: Clients.RotateSecret.Response)
}

/// What a display of the Clients scene implements.
package protocol ClientsDisplayLogic: AnyObject {
    func displayAdded(viewModel: Clients.Add.ViewModel)
    func displayClients(viewModel: Clients.List.ViewModel)
    func displayClient(viewModel: Clients.Show.ViewModel)
    func displayRemoved(viewModel: Clients.Remove.ViewModel)
    func displayRotated(viewModel: Clients.RotateSecret.ViewModel)
}
