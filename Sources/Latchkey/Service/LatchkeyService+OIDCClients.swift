/// OpenID Connect clients (relying parties) for a signed-in user holding the `admin` role
/// (`Admin.role`), through a session or an access token that carries the role, checked in the
/// transaction that reads or acts: the registry the OpenID provider's endpoints read. An operator
/// does the same with `latchkey clients`.
extension LatchkeyService {
    /// Registers a client named `name` (1 to 64 printable characters, unique in any case) that may
    /// return to `redirectURIs` (1 to 10: absolute https, or http to 127.0.0.1, [::1] or
    /// localhost; no fragment, user information or wildcard; matched exactly as given). `scopes`
    /// come from `openid`, `profile`, `email` and `roles`; `openid` is always granted. A confidential
    /// client's secret is in the answer this once and stored only as a hash; a public client has
    /// none. Audited with the administrator as the actor. A name in use or a bad URI or scope is
    /// `invalid_input`.
    public func addOIDCClient(
        token: String, name: String, redirectURIs: [String], postLogoutRedirectURIs: [String] = [],
        scopes: [String] = [], isPublic: Bool = false, isFirstParty: Bool = false, client: ClientContext? = nil
    ) async throws(LatchkeyError) -> OIDCClientWithSecret {
        try await logged("admin_add_oidc_client") { () async throws(LatchkeyError) in
            let request = Clients.Add.Request(
                name: name, redirectURIs: redirectURIs, postLogoutRedirectURIs: postLogoutRedirectURIs,
                scopes: scopes, isPublic: isPublic, isFirstParty: isFirstParty,
                authority: .signedIn(try Self.credential(token)))
            return try await show(on: database, client) { scenes, display in
                scenes.makeClientsScene(display: display).interactor.add(request: request)
            }
        }
    }

    /// Every client, by name. Never a secret.
    public func oidcClients(token: String) async throws(LatchkeyError) -> [OIDCClientSummary] {
        try await logged("admin_oidc_clients") { () async throws(LatchkeyError) in
            let request = Clients.List.Request(credential: try Self.credential(token))
            return try await show(on: database, nil) { scenes, display in
                scenes.makeClientsScene(display: display).interactor.list(request: request)
            }
        }
    }

    /// The client whose client ID, or else name (any case), is `client`; `not_found` when none is.
    public func oidcClient(token: String, client: String) async throws(LatchkeyError) -> OIDCClientSummary {
        try await logged("admin_oidc_client") { () async throws(LatchkeyError) in
            let request = Clients.Show.Request(client: client, credential: try Self.credential(token))
            return try await show(on: database, nil) { scenes, display in
                scenes.makeClientsScene(display: display).interactor.show(request: request)
            }
        }
    }

    /// Removes the client whose client ID or name is `client`: its ID and secret open nothing from
    /// then on. Audited with the administrator as the actor (and `context`, the request's client);
    /// `not_found` when no client is named so.
    public func removeOIDCClient(
        token: String, client: String, context: ClientContext? = nil
    ) async throws(LatchkeyError) -> RemovedOIDCClient {
        try await logged("admin_remove_oidc_client") { () async throws(LatchkeyError) in
            let request = Clients.Remove.Request(client: client, authority: .signedIn(try Self.credential(token)))
            return try await show(on: database, context) { scenes, display in
                scenes.makeClientsScene(display: display).interactor.remove(request: request)
            }
        }
    }

    /// Gives the confidential client whose client ID or name is `client` a new secret, in the answer
    /// this once; the old one stops working at once. Audited with the administrator as the actor;
    /// `not_found` when no client is named so, `invalid_input` for a public client.
    public func rotateOIDCClientSecret(
        token: String, client: String, context: ClientContext? = nil
    ) async throws(LatchkeyError) -> OIDCClientWithSecret {
        try await logged("admin_rotate_oidc_client_secret") { () async throws(LatchkeyError) in
            let request = Clients.RotateSecret.Request(
                client: client, authority: .signedIn(try Self.credential(token)))
            return try await show(on: database, context) { scenes, display in
                scenes.makeClientsScene(display: display).interactor.rotateSecret(request: request)
            }
        }
    }
}
