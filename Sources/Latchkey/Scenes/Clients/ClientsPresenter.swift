/// Turns the Clients scene's outcomes into what the display shows, or the failure's wording.
package final class ClientsPresenter: ScenePresenter<any ClientsDisplayLogic>, ClientsPresentationLogic {
    package func presentAdded(response: Clients.Add.Response) {
        let viewModel: Clients.Add.ViewModel =
            switch response {
            case .added(let client, let secret):
                .success(OIDCClientWithSecret(client: OIDCClientSummary(client), clientSecret: secret?.secret))
            case .rejected(let problem): .failure(Self.failure(problem))
            case .refused(let problem): .failure(AdminPresenter.failure(problem))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayAdded(viewModel: viewModel)
    }

    package func presentClients(response: Clients.List.Response) {
        let viewModel: Clients.List.ViewModel =
            switch response {
            case .clients(let clients): .success(clients.map(OIDCClientSummary.init))
            case .refused(let problem): .failure(AdminPresenter.failure(problem))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayClients(viewModel: viewModel)
    }

    package func presentClient(response: Clients.Show.Response) {
        let viewModel: Clients.Show.ViewModel =
            switch response {
            case .client(let client): .success(OIDCClientSummary(client))
            case .rejected(let problem): .failure(Self.failure(problem))
            case .refused(let problem): .failure(AdminPresenter.failure(problem))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayClient(viewModel: viewModel)
    }

    package func presentRemoved(response: Clients.Remove.Response) {
        let viewModel: Clients.Remove.ViewModel =
            switch response {
            case .removed(let client):
                .success(RemovedOIDCClient(removed: true, clientID: client.clientID, name: client.name))
            case .rejected(let problem): .failure(Self.failure(problem))
            case .refused(let problem): .failure(AdminPresenter.failure(problem))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayRemoved(viewModel: viewModel)
    }

    package func presentRotated(response: Clients.RotateSecret.Response) {
        let viewModel: Clients.RotateSecret.ViewModel =
            switch response {
            case .rotated(let client, let secret):
                .success(OIDCClientWithSecret(client: OIDCClientSummary(client), clientSecret: secret.secret))
            case .rejected(let problem): .failure(Self.failure(problem))
            case .refused(let problem): .failure(AdminPresenter.failure(problem))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayRotated(viewModel: viewModel)
    }

    /// The one wording of each problem (a URI quoted shortened and escaped: it may hold anything).
    static func failure(_ problem: Clients.Problem) -> LatchkeyError {
        switch problem {
        case .invalidName:
            LatchkeyError(
                message: "A client's name is one line of 1 to 64 printable characters, not starting with lkc_.",
                kind: .invalidInput)
        case .nameTaken(let name):
            LatchkeyError(
                message: "A client named \(TerminalEscaping.escape(name)) exists already.", kind: .invalidInput)
        case .noRedirectURI:
            LatchkeyError(message: "A client needs at least one redirect URI.", kind: .invalidInput)
        case .tooManyURIs:
            LatchkeyError(
                message: "A client has at most \(Clients.maximumURIs) redirect URIs of each kind.", kind: .invalidInput)
        case .invalidURI(let uri, let reason):
            LatchkeyError(
                message:
                    "Invalid redirect URI \(TerminalEscaping.escape(String(uri.prefix(80)))): \(Self.text(reason)).",
                kind: .invalidInput)
        case .unknownScope(let scope):
            LatchkeyError(
                message:
                    "Unknown scope \(TerminalEscaping.escape(String(scope.prefix(64)))): "
                    + "the scopes are \(OIDCScope.allCases.map(\.rawValue).joined(separator: ", ")).",
                kind: .invalidInput)
        case .noSuchClient:
            LatchkeyError(message: "No client has that client ID or name.", kind: .invalidInput, code: .notFound)
        case .publicClient:
            LatchkeyError(message: "A public client has no secret to replace.", kind: .invalidInput)
        }
    }

    private static func text(_ problem: RedirectURI.Problem) -> String {
        switch problem {
        case .empty: "it is empty"
        case .tooLong: "longer than \(RedirectURI.maximumLength) bytes"
        case .notPrintableASCII: "spaces, controls and non-ASCII characters must be percent-encoded"
        case .notAbsolute: "it must be an absolute https:// URI"
        case .insecureScheme: "it must use https (http only for 127.0.0.1, [::1] or localhost)"
        case .fragment: "it may not have a fragment (#)"
        case .userInfo: "it may not have a user name or password (@)"
        case .wildcard: "it may not have a wildcard (*): each URI is matched exactly"
        case .malformed: "it is not a valid URI"
        }
    }
}

/// The scene shows five kinds of result: the service's display keeps the one its call awaits.
extension Reply: ClientsDisplayLogic {
    func displayAdded(viewModel: Clients.Add.ViewModel) { show(any: viewModel) }
    func displayClients(viewModel: Clients.List.ViewModel) { show(any: viewModel) }
    func displayClient(viewModel: Clients.Show.ViewModel) { show(any: viewModel) }
    func displayRemoved(viewModel: Clients.Remove.ViewModel) { show(any: viewModel) }
    func displayRotated(viewModel: Clients.RotateSecret.ViewModel) { show(any: viewModel) }
}
