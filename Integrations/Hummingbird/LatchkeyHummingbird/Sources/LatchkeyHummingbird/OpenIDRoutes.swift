import Foundation
import HTTPTypes
import Hummingbird
import Latchkey
import NIOCore

/// The OpenID provider's endpoints: discovery, the keys, the authorization endpoint with its
/// consent page, the token, userinfo, revocation and introspection endpoints, and logout. They
/// answer in OAuth's own shapes (RFC 6749 5.2's `error` object, RFC 6750's `WWW-Authenticate`),
/// which every relying party library reads, not the `/v1` error object. Each only translates: the
/// OpenID scene decides.
struct OpenIDRoutes<Context: LatchkeyRequestContextProtocol> {
    let routes: LatchkeyRoutes<Context>
    var service: LatchkeyService { routes.service }

    func add(to router: RouterGroup<Context>) {
        router.get("/.well-known/openid-configuration") { _, _ in
            guard let metadata = service.providerMetadata else { throw Self.off }
            return Self.json(metadata, cache: "public, max-age=3600")
        }
        router.get("/oauth2/jwks") { _, _ in
            guard service.providerMetadata != nil else { throw Self.off }
            let keys = try await service.publishedKeys()
            return Self.response(.ok, type: "application/jwk-set+json", body: keys.json, cache: "public, max-age=300")
        }
        router.get("/oauth2/authorize") { request, context in
            let parameters = Self.pairs(request.uri.query ?? "")
            return await authorization(request, context, parameters: parameters, decision: nil)
        }
        router.post("/oauth2/authorize") { request, context in
            let form = await LoginPage<Context>.form(request, limit: routes.options.maximumBodyBytes)
            // An authorization request may come by POST from the client's page (OpenID Connect Core
            // 3.1.2.1), as a GET would; only the consent page's answer must come from this origin.
            guard form["decision"] == nil || CrossOriginCheck.allows(request, publicOrigin: routes.options.publicOrigin)
            else {
                return LoginPage<Context>.document(
                    title: "Sign in", message: CrossOriginCheck.refusal.message, body: "", status: .forbidden)
            }
            let parameters = form.filter { $0.key != "decision" }.map { QueryParameter($0.key, $0.value) }
            return await authorization(
                request, context, parameters: parameters, decision: ConsentDecision(rawValue: form["decision"] ?? ""))
        }
        router.post("/oauth2/token") { request, context in
            await oauth(request) { (form, id, secret) async throws(OpenIDError) -> Response in
                let tokens = try await service.exchangeToken(
                    form: form, clientID: id, clientSecret: secret, client: try? routes.client(request, context))
                return Self.json(tokens, cache: "no-store")
            }
        }
        router.post("/oauth2/revoke") { request, context in
            await oauth(request) { (form, id, secret) async throws(OpenIDError) -> Response in
                guard let token = form["token"] else { throw OpenIDError("invalid_request", "token is missing.") }
                try await service.revokeToken(
                    token, clientID: id, clientSecret: secret, client: try? routes.client(request, context))
                return Response(status: .ok, headers: [.cacheControl: "no-store"])
            }
        }
        router.post("/oauth2/introspect") { request, context in
            await oauth(request) { (form, id, secret) async throws(OpenIDError) -> Response in
                guard let token = form["token"] else { throw OpenIDError("invalid_request", "token is missing.") }
                let answer = try await service.introspect(
                    token, clientID: id, clientSecret: secret, client: try? routes.client(request, context))
                return Self.json(answer, cache: "no-store")
            }
        }
        router.get("/oauth2/userinfo") { request, context in await userInfo(request, context, form: [:]) }
        router.post("/oauth2/userinfo") { request, context in
            let form = await LoginPage<Context>.form(request, limit: routes.options.maximumBodyBytes)
            return await userInfo(request, context, form: form)
        }
        router.get("/oauth2/logout") { request, context in
            let parameters = Dictionary(
                Self.pairs(request.uri.query ?? "").map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }
            )
            return await endSession(request, context, parameters: parameters, confirmed: false)
        }
        router.post("/oauth2/logout") { request, context in
            var form = await LoginPage<Context>.form(request, limit: routes.options.maximumBodyBytes)
            guard CrossOriginCheck.allows(request, publicOrigin: routes.options.publicOrigin) else {
                return LoginPage<Context>.document(
                    title: "Sign out", message: CrossOriginCheck.refusal.message, body: "", status: .forbidden)
            }
            let confirmed = form.removeValue(forKey: "confirm") != nil
            return await endSession(request, context, parameters: form, confirmed: confirmed)
        }
    }

    static var off: LatchkeyError {
        LatchkeyError(code: .notFound, message: "The OpenID provider is off: the server has no public origin.")
    }

    // MARK: The authorization endpoint

    private func authorization(
        _ request: Request, _ context: Context, parameters: [QueryParameter], decision: ConsentDecision?
    ) async -> Response {
        let cookie = request.cookies[routes.options.cookieName]?.value
        let outcome = await service.authorize(
            parameters: parameters, sessionToken: cookie, decision: decision,
            client: try? routes.client(request, context))
        switch outcome {
        case .redirect(let location):
            return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        case .signIn(let next):
            let query = AuthorizationQuery.encode([("next", next)])
            return Response(status: .seeOther, headers: [.location: "/login?" + query, .cacheControl: "no-store"])
        case .consent(let prompt):
            return ConsentPage.page(prompt)
        case .refused(let message):
            return LoginPage<Context>.document(
                title: "Sign-in request refused", message: message, body: "", status: .badRequest)
        case .failed(let error):
            return LoginPage<Context>.document(
                title: "Sign in", message: error.message, body: "", status: ErrorResponse.status(of: error.code))
        }
    }

    // MARK: Token, revocation, introspection

    /// Reads the form and the client's authentication (HTTP Basic, RFC 6749 2.3.1, or the form's
    /// `client_id` and `client_secret`, never both), runs `body`, and answers a refusal as RFC 6749 5.2.
    private func oauth(
        _ request: Request,
        _ body: ([String: String], String?, String?) async throws(OpenIDError) -> Response
    ) async -> Response {
        do throws(OpenIDError) {
            var form = await LoginPage<Context>.form(request, limit: routes.options.maximumBodyBytes)
            let formID = form.removeValue(forKey: "client_id")
            let formSecret = form.removeValue(forKey: "client_secret")
            var id = formID
            var secret = formSecret
            if let header = request.headers[.authorization], header.lowercased().hasPrefix("basic ") {
                guard formSecret == nil, let basic = Self.basic(String(header.dropFirst(6))),
                    formID == nil || formID == basic.id
                else { throw OpenIDError("invalid_request", "Send the client's credentials one way only.") }
                (id, secret) = (basic.id, basic.secret)
            }
            return try await body(form, id, secret)
        } catch {
            var response = Self.json(ErrorBody(error: error.error, description: error.description), cache: "no-store")
            response.status = HTTPResponse.Status(code: error.status)
            if error.error == "invalid_client" {
                response.headers[.wwwAuthenticate] = "Basic realm=\"latchkey\""
            }
            return response
        }
    }

    /// `Basic base64(id:secret)`, each part form-urlencoded (RFC 6749 2.3.1).
    static func basic(_ credentials: String) -> (id: String, secret: String)? {
        guard let data = Data(base64Encoded: credentials.trimmingCharacters(in: .whitespaces)),
            let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":"),
            let id = AuthorizationQuery.decode(text[..<colon]),
            let secret = AuthorizationQuery.decode(text[text.index(after: colon)...]), !id.isEmpty
        else { return nil }
        return (id, secret)
    }

    struct ErrorBody: Encodable {
        let error: String
        let description: String

        enum CodingKeys: String, CodingKey {
            case error
            case description = "error_description"
        }
    }

    // MARK: Userinfo

    private func userInfo(_ request: Request, _ context: Context, form: [String: String]) async -> Response {
        var token = form["access_token"]
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            token = token == nil ? String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces) : nil
        }
        guard let token, !token.isEmpty else {
            // No token (or two): RFC 6750 3.1 names no error code for a request without one.
            return Response(
                status: .unauthorized,
                headers: [.wwwAuthenticate: "Bearer realm=\"latchkey\"", .cacheControl: "no-store"])
        }
        do {
            let info = try await service.userInfo(accessToken: token, client: try? routes.client(request, context))
            return Self.json(info, cache: "no-store")
        } catch {
            var response = Self.json(ErrorBody(error: error.error, description: error.description), cache: "no-store")
            response.status = HTTPResponse.Status(code: error.status)
            if error.error == "invalid_token" {
                response.headers[.wwwAuthenticate] =
                    "Bearer realm=\"latchkey\", error=\"invalid_token\", error_description=\"\(error.description)\""
            }
            return response
        }
    }

    // MARK: Logout

    private func endSession(
        _ request: Request, _ context: Context, parameters: [String: String], confirmed: Bool
    ) async -> Response {
        let cookie = request.cookies[routes.options.cookieName]?.value
        let outcome = await service.endSession(
            parameters: parameters, sessionToken: cookie, confirmed: confirmed,
            client: try? routes.client(request, context))
        switch outcome {
        case .signedOut(let redirect):
            var response =
                redirect.map { Response(status: .seeOther, headers: [.location: $0, .cacheControl: "no-store"]) }
                ?? LoginPage<Context>.document(
                    title: "Signed out", message: nil,
                    body:
                        "<p role=\"status\">You are signed out of Latchkey.</p>\n<p><a href=\"/login\">Sign in</a></p>")
            response.setCookie(SessionCookie.clear(options: routes.options))
            return response
        case .confirm(let parameters):
            return ConsentPage.logout(parameters)
        case .refused(let message):
            return LoginPage<Context>.document(title: "Sign out", message: message, body: "", status: .badRequest)
        case .failed(let error):
            return LoginPage<Context>.document(
                title: "Sign out", message: error.message, body: "", status: ErrorResponse.status(of: error.code))
        }
    }

    // MARK: Helpers

    /// A query's names and values in order, decoded (`+` as a space); a pair that does not decode is
    /// left out.
    static func pairs(_ query: String) -> [QueryParameter] {
        query.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = AuthorizationQuery.decode(parts[0]),
                let value = parts.count == 2 ? AuthorizationQuery.decode(parts[1]) : ""
            else { return nil }
            return QueryParameter(name, value)
        }
    }

    static func json(_ value: some Encodable, cache: String) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return response(.ok, type: "application/json", body: body, cache: cache)
    }

    static func response(_ status: HTTPResponse.Status, type: String, body: String, cache: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = cache
        if cache == "no-store" { headers[HTTPField.Name("Pragma")!] = "no-cache" }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
