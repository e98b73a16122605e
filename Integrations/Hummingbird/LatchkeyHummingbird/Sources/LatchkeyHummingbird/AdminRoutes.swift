import Foundation
import Hummingbird
import Latchkey

/// Administration under `/v1/admin/users`, `/v1/admin/invitations` and `/v1/admin/oidc-clients`: the
/// service checks the caller's session holds the `admin` role in the transaction that acts, and audits each action with that account as the
/// actor. State-changing routes are unsafe requests, so a cookie alone must pass the cross-origin
/// check.
extension LatchkeyRoutes {
    func addAdminRoutes(to router: RouterGroup<Context>) {
        router.get("/v1/admin/users") { request, _ in
            let query = request.uri.queryParameters
            var limit = 100
            if let text = query.get("limit") {
                // The service keeps it within its bounds; this only refuses what is no number.
                guard let number = Int(text) else {
                    throw LatchkeyError(code: .invalidInput, message: "limit must be a number.")
                }
                limit = number
            }
            let users = try await service.users(token: try token(request), search: query.get("search"), limit: limit)
            return JSONField("users", users)
        }
        router.get("/v1/admin/users/:username") { request, context in
            try await service.user(token: try token(request), username: username(context))
        }
        let actions: [(String, AdministrativeAction)] = [
            ("disable", .disable), ("enable", .enable), ("unlock", .unlock), ("expire-password", .expirePassword),
            ("reset-second-factor", .resetSecondFactor), ("end-sessions", .endSessions),
        ]
        for (path, action) in actions {
            router.post("/v1/admin/users/:username/\(path)") { request, context in
                try await administer(request, context, action)
            }
        }
        router.post("/v1/admin/users/:username/roles") { request, context in
            let input = try await read(request, ["add", "remove"])
            return try await administer(
                request, context, .roles(add: try input.strings("add"), remove: try input.strings("remove")))
        }
        router.post("/v1/admin/users/:username/password") { request, context in
            // The password only ever in the body, never in the path or query.
            let input = try await read(request, ["password"])
            return try await administer(request, context, .setPassword(try input.required("password")))
        }
        // The code is in the answer, once, for the administrator to hand over (no-store, as every answer).
        router.post("/v1/admin/users/:username/reset-code") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            return try await service.issueResetCode(
                token: credentials.token, username: username(context), client: try client(request, context))
        }
        router.delete("/v1/admin/users/:username") { request, context in
            try await administer(request, context, .delete)
        }
        router.delete("/v1/admin/users/:username/tokens/:id") { request, context in
            try await administer(request, context, .revokeToken(id: context.parameters.get("id") ?? ""))
        }
        router.delete("/v1/admin/users/:username/passkeys/:id") { request, context in
            try await administer(request, context, .revokePasskey(id: context.parameters.get("id") ?? ""))
        }
        addInvitationRoutes(to: router)
        addOIDCClientRoutes(to: router)
    }

    /// The invitations, never their codes, and revoking one. Issuing stays `latchkey admin invite`.
    private func addInvitationRoutes(to router: RouterGroup<Context>) {
        router.get("/v1/admin/invitations") { request, _ in
            let all: Bool
            switch request.uri.queryParameters.get("all") {
            case nil, "false": all = false
            case "true": all = true
            default: throw LatchkeyError(code: .invalidInput, message: "all must be true or false.")
            }
            return JSONField("invitations", try await service.invitations(token: try token(request), all: all))
        }
        router.delete("/v1/admin/invitations/:id") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            return try await service.revokeInvitation(
                token: credentials.token, id: context.parameters.get("id") ?? "", client: try client(request, context))
        }
    }

    /// The OpenID Connect clients, as `latchkey clients` manages them: a secret is in the answer to
    /// adding a confidential client or rotating its secret, once, and nowhere else.
    private func addOIDCClientRoutes(to router: RouterGroup<Context>) {
        router.get("/v1/admin/oidc-clients") { request, _ in
            JSONField("clients", try await service.oidcClients(token: try token(request)))
        }
        router.post("/v1/admin/oidc-clients") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            let input = try await read(
                request, ["name", "redirect_uris", "post_logout_redirect_uris", "scopes", "public", "first_party"])
            let added = try await service.addOIDCClient(
                token: credentials.token, name: try input.required("name"),
                redirectURIs: try input.strings("redirect_uris"),
                postLogoutRedirectURIs: try input.strings("post_logout_redirect_uris"),
                scopes: try input.strings("scopes"), isPublic: try input.bool("public"),
                isFirstParty: try input.bool("first_party"), client: try client(request, context))
            return EditedResponse(status: .created, response: added)
        }
        router.get("/v1/admin/oidc-clients/:client") { request, context in
            try await service.oidcClient(token: try token(request), client: oidcClient(context))
        }
        router.delete("/v1/admin/oidc-clients/:client") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            return try await service.removeOIDCClient(
                token: credentials.token, client: oidcClient(context), context: try client(request, context))
        }
        router.post("/v1/admin/oidc-clients/:client/rotate-secret") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            return try await service.rotateOIDCClientSecret(
                token: credentials.token, client: oidcClient(context), context: try client(request, context))
        }
    }

    /// Applies `action` to the path's account for the request's administrator.
    private func administer(_ request: Request, _ context: Context, _ action: AdministrativeAction) async throws
        -> AdministrationResult
    {
        let credentials = try signedIn(request, unsafe: true)
        return try await service.administer(
            token: credentials.token, username: username(context), action, client: try client(request, context))
    }

    private func username(_ context: Context) -> String {
        context.parameters.get("username") ?? ""
    }

    /// The path's client: its name or client ID.
    private func oidcClient(_ context: Context) -> String {
        context.parameters.get("client") ?? ""
    }
}
