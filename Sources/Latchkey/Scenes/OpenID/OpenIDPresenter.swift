import Foundation

/// Turns the provider's decisions into what every display shows: where the browser goes, the
/// consent page's words, the tokens to sign, the claims, and refusals in OAuth's terms.
package final class OpenIDPresenter: ScenePresenter<any OpenIDDisplayLogic>, OpenIDPresentationLogic {
    /// The local path of the authorization endpoint, where a sign-in comes back to.
    package static let authorizePath = "/oauth2/authorize"

    package func presentAuthorization(response: OpenID.Authorize.Response) {
        display?.displayAuthorization(viewModel: Self.outcome(response))
    }

    static func outcome(_ response: OpenID.Authorize.Response) -> AuthorizationOutcome {
        switch response {
        case .code(let request, let code, let issuer):
            var parameters = [("code", code.secret)]
            if let state = request.state { parameters.append(("state", state)) }
            parameters.append(("iss", issuer))
            return .redirect(AuthorizationRequest.appending(parameters, to: request.redirectURI))
        case .signIn(let parameters, let dropping):
            return .signIn(next: returnPath(parameters, dropping: dropping))
        case .consent(let request, let user, let parameters):
            return .consent(
                ConsentPrompt(
                    clientName: request.client.name, username: user.username, scopes: request.scopes.map(words),
                    parameters: parameters))
        case .refusedOnPage(let refusal):
            return .refused(message(refusal))
        case .redirected(let refusal, let issuer):
            return .redirect(refusal.location(issuer: issuer))
        case .disabled:
            return .failed(
                LatchkeyError(
                    code: .notFound, message: "The OpenID provider is off: the server has no public origin."))
        case .unavailable(let problem):
            return .failed(.unavailable(problem))
        }
    }

    /// The authorization endpoint's local path with `parameters` but those named in `dropping`:
    /// where a sign-in comes back to.
    static func returnPath(_ parameters: [QueryParameter], dropping: Set<String>) -> String {
        let kept = parameters.filter { !dropping.contains($0.name) }.map { ($0.name, $0.value) }
        return AuthorizationRequest.appending(kept, to: authorizePath)
    }

    /// What a scope lets the client see, for the consent page.
    static func words(_ scope: OIDCScope) -> String {
        switch scope {
        case .openid: "Know that you signed in, by an identifier that is not your username"
        case .profile: "Your username and display name"
        case .email: "Your email address"
        case .roles: "Your roles"
        }
    }

    static func message(_ refusal: AuthorizationRequest.PageRefusal) -> String {
        switch refusal {
        case .unknownClient: "The application that sent you here is not registered."
        case .redirectURIMismatch: "The application's redirect address is not one it registered."
        case .malformed(let name): "The sign-in request is malformed (\(name) is missing or repeated)."
        }
    }

    package func presentTokens(response: OpenID.Exchange.Response) {
        let viewModel: OpenID.Exchange.ViewModel =
            switch response {
            case .issued(let tokens): .success(tokens)
            case .refused(let error): .failure(error)
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayTokens(viewModel: viewModel)
    }

    package func presentGrant(response: OpenID.Grant.Response) {
        let viewModel: OpenID.Grant.ViewModel =
            switch response {
            case .live(let user, let scopes, let sub):
                .success(UserInfo(sub: sub, claims: ProfileClaims(user, scopes: scopes)))
            case .ended: .failure(.token)
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayGrant(viewModel: viewModel)
    }

    package func presentRevoked(response: OpenID.Revoke.Response) {
        let viewModel: OpenID.Revoke.ViewModel =
            switch response {
            case .done: .success(())
            case .refused(let error): .failure(error)
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayRevoked(viewModel: viewModel)
    }

    package func presentIntrospection(response: OpenID.Introspect.Response) {
        let viewModel: OpenID.Introspect.ViewModel =
            switch response {
            case .answered(let answer): .success(answer)
            case .refused(let error): .failure(error)
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayIntrospection(viewModel: viewModel)
    }

    package func presentEndSession(response: OpenID.EndSession.Response) {
        let viewModel: OpenID.EndSession.ViewModel =
            switch response {
            case .signedOut(let redirect): .signedOut(redirect: redirect)
            case .confirm(let parameters): .confirm(parameters: parameters)
            case .refused(let message): .refused(message)
            case .unavailable(let problem): .failed(.unavailable(problem))
            }
        display?.displayEndSession(viewModel: viewModel)
    }
}

/// The scene shows one result per request: the service's display keeps the one its call awaits.
extension Reply: OpenIDDisplayLogic {
    func displayAuthorization(viewModel: OpenID.Authorize.ViewModel) { show(any: viewModel) }
    func displayTokens(viewModel: OpenID.Exchange.ViewModel) { show(any: viewModel) }
    func displayGrant(viewModel: OpenID.Grant.ViewModel) { show(any: viewModel) }
    func displayRevoked(viewModel: OpenID.Revoke.ViewModel) { show(any: viewModel) }
    func displayIntrospection(viewModel: OpenID.Introspect.ViewModel) { show(any: viewModel) }
    func displayEndSession(viewModel: OpenID.EndSession.ViewModel) { show(any: viewModel) }
}
