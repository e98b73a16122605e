package import Foundation

/// The OpenID provider scene: the authorization endpoint's decision (sign in, consent, a code or a
/// refusal), the token endpoint (codes and refresh tokens), userinfo, revocation, introspection and
/// RP-initiated logout. Its rules are here; the HTTP routes only translate. Tokens are signed after
/// the scene, off the storage lanes (`TokenSigner`); presented tokens are verified before it
/// (`TokenVerifier`), and the scene checks that their grant is still live.
package enum OpenID {
    /// How long an authorization code is good for (RFC 6749 4.1.2 recommends at most ten minutes).
    package static let codeLifetime: TimeInterval = 60
    /// How long an ID token and an access token are good for.
    package static let tokenLifetime: TimeInterval = 600

    /// How a client proved itself at the token, revocation or introspection endpoint.
    package struct ClientAuthentication: Sendable {
        package var clientID: String
        /// Nil for a public client, which sends only its ID.
        package var secret: String?

        package init(clientID: String, secret: String?) {
            self.clientID = clientID
            self.secret = secret
        }
    }

    package enum Authorize {
        package struct Request: Sendable {
            /// The query's (or consent form's) names and values, in order.
            package var parameters: [QueryParameter]
            /// The browser's session cookie.
            package var sessionToken: String?
            /// The consent form's answer; nil for the authorization request itself.
            package var decision: ConsentDecision?

            package init(parameters: [QueryParameter], sessionToken: String?, decision: ConsentDecision? = nil) {
                self.parameters = parameters
                self.sessionToken = sessionToken
                self.decision = decision
            }
        }

        package enum Response: Sendable {
            case code(AuthorizationRequest, code: ProviderSecret, issuer: String)
            case signIn(parameters: [QueryParameter], dropping: Set<String>)
            case consent(AuthorizationRequest, user: UserProfile, parameters: [QueryParameter])
            case refusedOnPage(AuthorizationRequest.PageRefusal)
            case redirected(AuthorizationRequest.RedirectedRefusal, issuer: String)
            case disabled
            case unavailable(ServiceProblem)
        }

        package typealias ViewModel = AuthorizationOutcome
    }

    package enum Exchange {
        package struct Request: Sendable {
            /// The form's fields (each name once).
            package var form: [String: String]
            package var client: ClientAuthentication?

            package init(form: [String: String], client: ClientAuthentication?) {
                self.form = form
                self.client = client
            }
        }

        package enum Response: Sendable {
            case issued(UnsignedTokens)
            case refused(OpenIDError)
            case unavailable(ServiceProblem)
        }

        package typealias ViewModel = Result<UnsignedTokens, OpenIDError>
    }

    package enum Grant {
        /// A verified access token (userinfo, introspection, revocation) or ID token hint (logout),
        /// whose grant the scene checks.
        package struct Request: Sendable {
            package var sid: String
            package var sub: String
            package var scope: [OIDCScope]
            package var clientID: String

            package init(sid: String, sub: String, scope: [OIDCScope], clientID: String) {
                self.sid = sid
                self.sub = sub
                self.scope = scope
                self.clientID = clientID
            }
        }

        package enum Response: Sendable {
            case live(UserProfile, scopes: [OIDCScope], sub: String)
            case ended
            case unavailable(ServiceProblem)
        }

        package typealias ViewModel = Result<UserInfo, OpenIDError>
    }

    package enum Revoke {
        package struct Request: Sendable {
            /// A refresh token's text, or the `sid` of a verified access token.
            package var token: RevokedToken
            package var client: ClientAuthentication?

            package init(token: RevokedToken, client: ClientAuthentication?) {
                self.token = token
                self.client = client
            }
        }

        package enum RevokedToken: Sendable {
            case refreshToken(String)
            case grant(sid: String, clientID: String)
            /// Nothing this provider issued: only the client is checked.
            case unknown
        }

        package enum Response: Sendable {
            case done
            case refused(OpenIDError)
            case unavailable(ServiceProblem)
        }

        package typealias ViewModel = Result<Void, OpenIDError>
    }

    package enum Introspect {
        package struct Request: Sendable {
            package var token: Revoke.RevokedToken
            /// The verified access token's claims, for the answer.
            package var claims: AccessTokenClaims?
            package var client: ClientAuthentication?

            package init(token: Revoke.RevokedToken, claims: AccessTokenClaims?, client: ClientAuthentication?) {
                self.token = token
                self.claims = claims
                self.client = client
            }
        }

        package enum Response: Sendable {
            case answered(Introspection)
            case refused(OpenIDError)
            case unavailable(ServiceProblem)
        }

        package typealias ViewModel = Result<Introspection, OpenIDError>
    }

    package enum EndSession {
        package struct Request: Sendable {
            package var parameters: [String: String]
            /// The verified ID token hint's claims, when one was sent and verified.
            package var hint: IDTokenClaims?
            package var sessionToken: String?
            /// The person confirmed on Latchkey's page (needed without a valid hint).
            package var confirmed: Bool

            package init(parameters: [String: String], hint: IDTokenClaims?, sessionToken: String?, confirmed: Bool) {
                self.parameters = parameters
                self.hint = hint
                self.sessionToken = sessionToken
                self.confirmed = confirmed
            }
        }

        package enum Response: Sendable {
            case signedOut(redirect: String?)
            case confirm(parameters: [String: String])
            case refused(String)
            case unavailable(ServiceProblem)
        }

        package typealias ViewModel = EndSessionOutcome
    }
}

extension OpenID.Authorize.Response: ServiceResponse {}
extension OpenID.Exchange.Response: ServiceResponse {}
extension OpenID.Grant.Response: ServiceResponse {}
extension OpenID.Revoke.Response: ServiceResponse {}
extension OpenID.Introspect.Response: ServiceResponse {}
extension OpenID.EndSession.Response: ServiceResponse {}

/// What the OpenID interactor does for a display.
package protocol OpenIDBusinessLogic: AnyObject {
    func authorize(request: OpenID.Authorize.Request)
    func exchange(request: OpenID.Exchange.Request)
    func grant(request: OpenID.Grant.Request)
    func revoke(request: OpenID.Revoke.Request)
    func introspect(request: OpenID.Introspect.Request)
    func endSession(request: OpenID.EndSession.Request)
}

/// How the OpenID presenter is reached.
package protocol OpenIDPresentationLogic: AnyObject {
    func presentAuthorization(response: OpenID.Authorize.Response)
    func presentTokens(response: OpenID.Exchange.Response)
    func presentGrant(response: OpenID.Grant.Response)
    func presentRevoked(response: OpenID.Revoke.Response)
    func presentIntrospection(response: OpenID.Introspect.Response)
    func presentEndSession(response: OpenID.EndSession.Response)
}

/// What a display of the OpenID scene implements.
package protocol OpenIDDisplayLogic: AnyObject {
    func displayAuthorization(viewModel: OpenID.Authorize.ViewModel)
    func displayTokens(viewModel: OpenID.Exchange.ViewModel)
    func displayGrant(viewModel: OpenID.Grant.ViewModel)
    func displayRevoked(viewModel: OpenID.Revoke.ViewModel)
    func displayIntrospection(viewModel: OpenID.Introspect.ViewModel)
    func displayEndSession(viewModel: OpenID.EndSession.ViewModel)
}
