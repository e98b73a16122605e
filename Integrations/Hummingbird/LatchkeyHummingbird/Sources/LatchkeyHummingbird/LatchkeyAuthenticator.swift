public import Hummingbird
public import Latchkey

/// Middleware for a Swift server's own routes: finds the request's session or personal access token
/// (bearer token, else the session cookie), puts its principal in the context, and answers 401 with the one error object
/// when there is none. With `role`, a principal without that role gets 403. An unsafe request
/// authenticated by the cookie must pass the cross-origin check (403 otherwise).
public struct LatchkeyAuthenticator<Context: LatchkeyRequestContextProtocol>: RouterMiddleware {
    let service: LatchkeyService
    let options: LatchkeyHTTPOptions
    let role: String?
    let resolver: ClientResolver

    /// Requires a signed-in user (holding `role`, when given) on every route behind it.
    public init(service: LatchkeyService, options: LatchkeyHTTPOptions = LatchkeyHTTPOptions(), role: String? = nil) {
        self.service = service
        self.options = options
        self.role = role
        resolver = ClientResolver(trusted: options.trustedProxies, header: options.forwardedHeader)
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let unsafe = ![.get, .head, .options].contains(request.method)
        var context = context
        do {
            let credentials = try Credentials.required(request, unsafe: unsafe, options: options)
            let client = try resolver.client(request, peer: context.remoteAddress)
            context.principal =
                if let role {
                    try await service.authorize(token: credentials.token, role: role, client: client)
                } else {
                    try await service.authenticate(token: credentials.token, client: client)
                }
        } catch {
            return try error.response(from: request, context: context)
        }
        return try await next(request, context)
    }
}
