import Foundation
import HTTPTypes
public import Hummingbird
public import Latchkey

/// Latchkey over HTTP: the JSON routes under `/v1`, the forward-auth check, health and readiness,
/// and the sign-in page, added to a router in one call. Every route is a display of the async
/// service: the rules live in the scenes, the routes only translate.
public struct LatchkeyRoutes<Context: LatchkeyRequestContextProtocol>: Sendable {
    let service: LatchkeyService
    let options: LatchkeyHTTPOptions
    let metrics: LatchkeyMetrics?
    let resolver: ClientResolver

    /// Routes over `service`, seeing the network and the browser as `options` say; with `metrics`,
    /// they count into it and `GET /metrics` writes it out.
    public init(
        service: LatchkeyService, options: LatchkeyHTTPOptions = LatchkeyHTTPOptions(),
        metrics: LatchkeyMetrics? = nil
    ) {
        self.service = service
        self.options = options
        self.metrics = metrics
        resolver = ClientResolver(trusted: options.trustedProxies, header: options.forwardedHeader)
    }

    /// Adds every route to `router`, in a group whose middleware turns whatever a route throws into
    /// the one error object (and counts throttled and overloaded answers). Each `/v1` path answers
    /// the other methods with 405, so add no route of your own on these paths.
    public func add(to router: Router<Context>) {
        let routes = router.group().add(middleware: LatchkeyErrorMiddleware<Context>(metrics: metrics))
        routes.get("/health") { _, _ in JSONField("status", "ok") }
        routes.get("/ready") { _, _ in
            do throws(LatchkeyError) {
                try await service.checkReady()
                return JSONField("status", "ready")
            } catch {
                // Not ready, whatever the cause (a schema of another version is `storage`, a 500
                // elsewhere): load balancers and orchestrators read 503 as "not now".
                throw ErrorResponse(error, status: .serviceUnavailable, retryAfter: 5)
            }
        }
        routes.get("/v1/auth") { request, context in try await forwardAuth(request, context) }
        routes.get("/v1/openapi.json") { _, _ in OpenAPIDocument.response() }
        if let metrics {
            routes.get("/metrics") { _, _ in metrics.exposition(of: service) }
        }
        addAccountRoutes(to: routes)
        addSessionRoutes(to: routes)
        addSecondFactorRoutes(to: routes)
        addAccessTokenRoutes(to: routes)
        addPasskeyRoutes(to: routes)
        addRecoveryRoutes(to: routes)
        addAdminRoutes(to: routes)
        LoginPage(routes: self).add(to: routes)
        OpenIDRoutes(routes: self).add(to: routes)
        MethodNotAllowed.add(to: router)
    }

    private func addAccountRoutes(to router: RouterGroup<Context>) {
        router.post("/v1/register") { request, context in
            if options.registration == .closed { throw RegistrationRefusal.closed }
            let input = try await read(
                request, ["username", "password", "email", "phone", "display_name", "invitation"])
            let invitation = try input.string("invitation")
            // Refused before anything else is read or counted: no code, no registration.
            if let refusal = RegistrationRefusal.check(options.registration, invitation: invitation) { throw refusal }
            let principal = try await service.register(
                username: try input.required("username"), password: try input.required("password"),
                email: try input.string("email"), phone: try input.string("phone"),
                displayName: try input.string("display_name"), invitation: invitation,
                client: try client(request, context))
            return EditedResponse(status: .created, response: Registered(registered: true, principal: principal))
        }
        router.post("/v1/login") { request, context in try await login(request, context) }
        router.get("/v1/me") { request, context in
            try await service.authenticate(token: try token(request), client: try client(request, context))
        }
        router.post("/v1/password") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            let input = try await read(request, ["current", "new", "revoke_tokens"])
            // The access tokens go with the old password unless the caller keeps them.
            let changed = try await service.changePassword(
                token: credentials.token, current: try input.required("current"), new: try input.required("new"),
                revokeTokens: try input.bool("revoke_tokens", absent: true), client: try client(request, context))
            return PasswordChanged(changed: true, result: changed)
        }
        router.get("/v1/history") { request, context in
            let limit = request.uri.queryParameters.get("limit").map { Int($0) }
            guard limit != .some(nil) else {
                throw LatchkeyError(code: .invalidInput, message: "limit must be a number.")
            }
            return JSONField("events", try await service.history(token: try token(request), limit: limit ?? nil))
        }
    }

    private func addSessionRoutes(to router: RouterGroup<Context>) {
        router.post("/v1/logout") { request, context in
            try await logout(request, context, everywhere: false)
        }
        router.post("/v1/logout-all") { request, context in
            try await logout(request, context, everywhere: true)
        }
        router.get("/v1/sessions") { request, context in
            JSONField("sessions", try await service.sessions(token: try token(request)))
        }
        router.delete("/v1/sessions/:id") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            let id = context.parameters.get("id") ?? ""
            let current = try await service.revokeSession(
                token: credentials.token, id: id, client: try client(request, context))
            let cookie = current && credentials.viaCookie ? SessionCookie.clear(options: options) : nil
            return SettingCookie(cookie, on: SignedOut(signedOut: 1, current: current))
        }
    }

    private func addSecondFactorRoutes(to router: RouterGroup<Context>) {
        let actions: [(String, Set<String>, @Sendable (JSONInput) throws(ErrorResponse) -> SecondFactorAction)] = [
            (
                "enroll", ["password"],
                { input throws(ErrorResponse) in .enroll(password: try input.required("password")) }
            ),
            ("confirm", ["code"], { input throws(ErrorResponse) in .confirm(code: try input.required("code")) }),
            (
                "disable", ["password", "code"],
                { input throws(ErrorResponse) in
                    .disable(password: try input.required("password"), code: try input.required("code"))
                }
            ),
            (
                "recovery-codes", ["password", "code"],
                { input throws(ErrorResponse) in
                    .replaceRecoveryCodes(password: try input.required("password"), code: try input.required("code"))
                }
            ),
        ]
        for (path, fields, action) in actions {
            router.post("/v1/second-factor/\(path)") { request, context in
                let credentials = try signedIn(request, unsafe: true)
                let input = try await read(request, fields)
                return try await service.secondFactor(
                    token: credentials.token, try action(input), client: try client(request, context))
            }
        }
    }

    /// Personal access tokens: made, listed and revoked through a session only (a token is refused
    /// by the service, saying why).
    private func addAccessTokenRoutes(to router: RouterGroup<Context>) {
        router.get("/v1/tokens") { request, _ in
            JSONField("tokens", try await service.accessTokens(token: try token(request)))
        }
        router.post("/v1/tokens") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            let input = try await read(request, ["name", "roles", "expires_in"])
            let expiry = try input.string("expires_in").map { text throws(LatchkeyError) in
                guard let expiry = AccessTokenExpiry(text) else {
                    throw LatchkeyError(
                        code: .invalidInput, message: "expires_in takes never or a number with m, h, d or w (90d).")
                }
                return expiry
            }
            let made = try await service.createAccessToken(
                token: credentials.token, name: try input.required("name"), roles: try input.strings("roles"),
                expiry: expiry ?? .policyDefault, client: try client(request, context))
            return EditedResponse(status: .created, response: made)
        }
        router.delete("/v1/tokens/:id") { request, context in
            let credentials = try signedIn(request, unsafe: true)
            let revoked = try await service.revokeAccessToken(
                token: credentials.token, id: context.parameters.get("id") ?? "",
                client: try client(request, context))
            return JSONField("revoked", revoked)
        }
    }

    // MARK: The routes with more to them

    /// Signs in; with a `code`, through the second-factor step at once. With `"cookie": true` the
    /// token goes into the session cookie instead of the body.
    private func login(_ request: Request, _ context: Context) async throws -> SettingCookie<SignedIn> {
        let input = try await read(request, ["username", "password", "code", "label", "cookie"])
        let wantsCookie = try cookieWanted(request, input)
        let client = try client(request, context)
        let (username, password) = (try input.required("username"), try input.required("password"))
        let label = try input.string("label")
        let result = try await counted(step: .password) { () async throws(LatchkeyError) in
            try await service.signIn(username: username, password: password, label: label, client: client)
        }
        return try await finishSignIn(result, input: input, client: client, wantsCookie: wantsCookie)
    }

    /// Whether a sign-in asks for the session cookie (`"cookie": true`), which only the server's
    /// own pages may.
    func cookieWanted(_ request: Request, _ input: JSONInput) throws -> Bool {
        let wantsCookie = try input.bool("cookie")
        if wantsCookie && !CrossOriginCheck.allows(request, publicOrigin: options.publicOrigin) {
            throw CrossOriginCheck.refusal
        }
        return wantsCookie
    }

    /// The answer to a sign-in's first step: through the second-factor step at once when the input
    /// has a `code`, then the session in the body or the cookie.
    func finishSignIn(_ first: SignInResult, input: JSONInput, client: ClientContext?, wantsCookie: Bool)
        async throws -> SettingCookie<SignedIn>
    {
        var result = first
        if result.status == .secondFactorRequired, let challenge = result.challenge {
            guard let code = try input.string("code") else {
                throw LatchkeyError(
                    code: .secondFactorRequired, message: "A second-factor code is required: send it as \"code\".")
            }
            result = try await counted(step: .secondFactor) { () async throws(LatchkeyError) in
                try await service.completeSignIn(challenge: challenge, code: code, client: client)
            }
        }
        guard let token = result.token else {
            throw LatchkeyError(code: .internalError, message: "Internal error: a sign-in without a session.")
        }
        let body = SignedIn(
            signedIn: true, passwordChangeRequired: result.status == .passwordChangeRequired,
            principal: result.principal, token: wantsCookie ? nil : token)
        let cookie =
            wantsCookie ? SessionCookie.set(token, options: options, expires: result.principal?.sessionExpires) : nil
        return SettingCookie(cookie, on: body)
    }

    private func logout(_ request: Request, _ context: Context, everywhere: Bool) async throws
        -> SettingCookie<SignedOut>
    {
        let credentials = try signedIn(request, unsafe: true)
        let ended = try await service.signOut(
            token: credentials.token, everywhere: everywhere, client: try client(request, context))
        let cookie = credentials.viaCookie ? SessionCookie.clear(options: options) : nil
        return SettingCookie(cookie, on: SignedOut(signedOut: ended, current: ended > 0))
    }

    /// The forward-auth check (nginx `auth_request`, Traefik `ForwardAuth`, Caddy `forward_auth`):
    /// 200 with the principal in headers, 401 without a live session, 403 without every role
    /// `?role=` names (`?role=admin,ops`: both). Any other parameter, or `role` twice, is a 400: a
    /// misspelt requirement must not quietly let everyone in.
    private func forwardAuth(_ request: Request, _ context: Context) async throws -> Response {
        let roles = try Self.requiredRoles(request.uri.queryParameters)
        let token = try token(request)
        let client = try client(request, context)
        let principal: Principal
        if let roles {
            principal = try await service.authorize(token: token, roles: roles, client: client)
        } else {
            principal = try await service.authenticate(token: token, client: client)
        }
        var headers = HTTPFields()
        headers[HTTPField.Name("X-Latchkey-User")!] = principal.username
        headers[HTTPField.Name("X-Latchkey-Roles")!] = principal.roles.joined(separator: ",")
        headers[HTTPField.Name("X-Latchkey-Session")!] = principal.session ?? ""
        headers[HTTPField.Name("X-Latchkey-Credential")!] = principal.credential.rawValue
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers)
    }

    /// The roles `/v1/auth?role=a,b` requires (nil: none asked for).
    static func requiredRoles(_ query: Parameters) throws(LatchkeyError) -> [String]? {
        var roles: [String]?
        for (key, value) in query {
            guard key == "role" else {
                throw LatchkeyError(
                    code: .invalidInput, message: "/v1/auth takes only the parameter role (role=a,b requires both).")
            }
            guard roles == nil else {
                throw LatchkeyError(
                    code: .invalidInput, message: "Give role once; several roles are one list: role=a,b requires both.")
            }
            let names = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !names.contains(where: \.isEmpty) else {
                throw LatchkeyError(code: .invalidInput, message: "role names a role, or several separated by commas.")
            }
            roles = names
        }
        return roles
    }

    // MARK: Helpers

    /// The request's session token, for a safe (read-only) request.
    func token(_ request: Request) throws(LatchkeyError) -> String {
        try signedIn(request, unsafe: false).token
    }

    /// The request's credentials; an unsafe request carrying only the cookie must pass the
    /// cross-origin check.
    func signedIn(_ request: Request, unsafe: Bool) throws(LatchkeyError) -> Credentials {
        try Credentials.required(request, unsafe: unsafe, options: options)
    }

    func client(_ request: Request, _ context: Context) throws(LatchkeyError) -> ClientContext? {
        try resolver.client(request, peer: context.remoteAddress)
    }

    func read(_ request: Request, _ allowed: Set<String>) async throws(ErrorResponse) -> JSONInput {
        try await JSONInput.read(request, allowed: allowed, limit: options.maximumBodyBytes)
    }

    enum SignInStep: String {
        case password
        case passkey
        case secondFactor = "second_factor"
    }

    /// Runs one step of a sign-in and counts how it ended.
    func counted(
        step: SignInStep, _ body: () async throws(LatchkeyError) -> SignInResult
    ) async throws(LatchkeyError) -> SignInResult {
        do {
            let result = try await body()
            metrics?.signIn(step: step.rawValue, result.status.rawValue)
            return result
        } catch {
            metrics?.signIn(step: step.rawValue, error.code.rawValue)
            throw error
        }
    }
}
