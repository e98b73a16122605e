import Foundation

/// Registers OpenID Connect clients: validates what an operator gives, stores the client with only
/// its secret's hash, audits each change as the operator's action, and answers a secret once.
package final class ClientsInteractor: SceneInteractor<any ClientsPresentationLogic>, ClientsBusinessLogic {
    package func add(request: Clients.Add.Request) {
        presenter.presentAdded(
            response: SceneWork.respond {
                let client: NewOIDCClient
                switch Self.validated(request) {
                case .success(let valid): client = valid
                case .failure(let problem): return .rejected(problem)
                }
                let now = workers.time.now()
                let secret = client.isPublic ? nil : OIDCClientSecret.make()
                do {
                    return try workers.database.write { db in
                        let actor = try administrators.actor(request.authority, now: now, in: db)
                        guard try !workers.oidcClients.nameIsTaken(client.name, in: db) else {
                            return .rejected(.nameTaken(client.name))
                        }
                        let stored = try workers.oidcClients.insert(
                            client, clientID: OIDCClientID.make(), secretHash: secret?.hash, createdBy: actor.userID,
                            now: now, in: db)
                        try record(.oidcClientAdded, stored, by: actor, now: now, in: db)
                        return .added(stored, secret: secret)
                    }
                } catch let problem as Admin.AccessProblem {
                    return .refused(problem)
                } catch is OIDCClientNameTaken {
                    return .rejected(.nameTaken(client.name))
                }
            })
    }

    package func list(request: Clients.List.Request) {
        presenter.presentClients(
            response: SceneWork.respond {
                do {
                    return try read(request.credential) { db in .clients(try workers.oidcClients.list(in: db)) }
                } catch let problem as Admin.AccessProblem {
                    return .refused(problem)
                }
            })
    }

    package func show(request: Clients.Show.Request) {
        presenter.presentClient(
            response: SceneWork.respond {
                do {
                    return try read(request.credential) { db in
                        guard let client = try workers.oidcClients.find(request.client, in: db) else {
                            return .rejected(.noSuchClient)
                        }
                        return .client(client)
                    }
                } catch let problem as Admin.AccessProblem {
                    return .refused(problem)
                }
            })
    }

    package func remove(request: Clients.Remove.Request) {
        let now = workers.time.now()
        presenter.presentRemoved(
            response: SceneWork.respond {
                do {
                    return try workers.database.write { db in
                        // Who asks is checked first: only an administrator learns whether a client exists.
                        let actor = try administrators.actor(request.authority, now: now, in: db)
                        guard let client = try workers.oidcClients.find(request.client, in: db),
                            try workers.oidcClients.remove(id: client.id, in: db)
                        else { return .rejected(.noSuchClient) }
                        try record(.oidcClientRemoved, client, by: actor, now: now, in: db)
                        return .removed(client)
                    }
                } catch let problem as Admin.AccessProblem {
                    return .refused(problem)
                }
            })
    }

    package func rotateSecret(request: Clients.RotateSecret.Request) {
        let now = workers.time.now()
        let secret = OIDCClientSecret.make()
        presenter.presentRotated(
            response: SceneWork.respond {
                do {
                    return try workers.database.write { db in
                        let actor = try administrators.actor(request.authority, now: now, in: db)
                        guard let client = try workers.oidcClients.find(request.client, in: db) else {
                            return .rejected(.noSuchClient)
                        }
                        guard try workers.oidcClients.replaceSecret(id: client.id, hash: secret.hash, now: now, in: db),
                            let rotated = try workers.oidcClients.find(client.clientID, in: db)
                        else { return .rejected(.publicClient) }
                        try record(.oidcClientSecretRotated, rotated, by: actor, now: now, in: db)
                        return .rotated(rotated, secret: secret)
                    }
                } catch let problem as Admin.AccessProblem {
                    return .refused(problem)
                }
            })
    }

    /// Runs `body` in a read transaction, after checking a signed-in administrator's credential.
    private func read<Response: Sendable>(
        _ credential: Admin.Credential?, _ body: (Database) throws -> Response
    ) throws -> Response {
        let now = workers.time.now()
        return try workers.database.read { db in
            if let credential {
                _ = try administrators.administrator(credential, recordingUse: false, now: now, in: db)
            }
            return try body(db)
        }
    }

    /// Audits a change to `client`, naming it by its client ID and name.
    private func record(
        _ kind: AuthEvent.Kind, _ client: StoredOIDCClient, by actor: AuthEvent.Operator, now: Date, in db: Database
    ) throws {
        try audit.record(
            kind, usernameKey: "oidc_client", userID: nil, by: actor, detail: "\(client.clientID) \(client.name)",
            now: now, in: db)
    }

    /// The client `request` describes, checked: the one place a client's name, URIs and scopes are
    /// validated.
    static func validated(_ request: Clients.Add.Request) -> Result<NewOIDCClient, Clients.Problem> {
        // A name shaped like a client ID would make `show`, `remove` and `rotate-secret` ambiguous.
        guard let name = PasskeysInteractor.checkedName(request.name), !name.lowercased().hasPrefix(OIDCClientID.prefix)
        else { return .failure(.invalidName) }
        guard !request.redirectURIs.isEmpty else { return .failure(.noRedirectURI) }
        guard request.redirectURIs.count <= Clients.maximumURIs,
            request.postLogoutRedirectURIs.count <= Clients.maximumURIs
        else { return .failure(.tooManyURIs) }
        var checked: [[RedirectURI]] = []
        for uris in [request.redirectURIs, request.postLogoutRedirectURIs] {
            var valid: [RedirectURI] = []
            for uri in uris {
                do {
                    let redirect = try RedirectURI(uri)
                    if !valid.contains(redirect) { valid.append(redirect) }
                } catch {
                    return .failure(.invalidURI(uri, error))
                }
            }
            checked.append(valid)
        }
        let scopes: [OIDCScope]
        do {
            scopes = try OIDCScope.parse(request.scopes)
        } catch {
            return .failure(.unknownScope(error.name))
        }
        return .success(
            NewOIDCClient(
                name: name, isPublic: request.isPublic, isFirstParty: request.isFirstParty, redirectURIs: checked[0],
                postLogoutRedirectURIs: checked[1], scopes: scopes))
    }
}
