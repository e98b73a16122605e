import Hummingbird

/// An answer that sets (or clears) the session cookie: the body's own response, encoded through the
/// request context's encoder, with `Set-Cookie` added after its headers.
struct SettingCookie<Body: ResponseGenerator>: ResponseGenerator {
    let cookie: Cookie?
    let body: Body

    /// `body`, with `cookie` when there is one.
    init(_ cookie: Cookie?, on body: Body) {
        self.cookie = cookie
        self.body = body
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try body.response(from: request, context: context)
        if let cookie { response.setCookie(cookie) }
        return response
    }
}
