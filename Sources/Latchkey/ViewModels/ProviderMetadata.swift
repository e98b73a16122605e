/// The OpenID provider's discovery document (OpenID Connect Discovery 1.0 3, RFC 8414): where its
/// endpoints are and what it supports, served at `/.well-known/openid-configuration`.
public struct ProviderMetadata: Sendable, Hashable, Encodable {
    public let issuer: String
    public let authorizationEndpoint: String
    public let tokenEndpoint: String
    public let userinfoEndpoint: String
    public let jwksURI: String
    public let revocationEndpoint: String
    public let introspectionEndpoint: String
    public let endSessionEndpoint: String
    public let responseTypesSupported = ["code"]
    public let responseModesSupported = ["query"]
    public let grantTypesSupported = ["authorization_code", "refresh_token"]
    public let subjectTypesSupported = ["public"]
    public let idTokenSigningAlgValuesSupported = SigningAlgorithm.allCases.map(\.rawValue)
    public let scopesSupported = OIDCScope.allCases.map(\.rawValue)
    public let tokenEndpointAuthMethodsSupported = ["client_secret_basic", "client_secret_post", "none"]
    public let revocationEndpointAuthMethodsSupported = ["client_secret_basic", "client_secret_post", "none"]
    public let introspectionEndpointAuthMethodsSupported = ["client_secret_basic", "client_secret_post"]
    public let codeChallengeMethodsSupported = ["S256"]
    public let claimsSupported = [
        "iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "amr", "acr", "azp", "sid", "preferred_username",
        "name", "email", "email_verified", "roles",
    ]
    public let promptValuesSupported = ["none", "login", "consent", "select_account"]
    public let authorizationResponseIssParameterSupported = true
    public let requestParameterSupported = false
    public let requestURIParameterSupported = false
    public let claimsParameterSupported = false

    /// The document of the provider whose issuer (its public origin) is `issuer`.
    public init(issuer: String) {
        self.issuer = issuer
        authorizationEndpoint = issuer + "/oauth2/authorize"
        tokenEndpoint = issuer + "/oauth2/token"
        userinfoEndpoint = issuer + "/oauth2/userinfo"
        jwksURI = issuer + "/oauth2/jwks"
        revocationEndpoint = issuer + "/oauth2/revoke"
        introspectionEndpoint = issuer + "/oauth2/introspect"
        endSessionEndpoint = issuer + "/oauth2/logout"
    }

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case userinfoEndpoint = "userinfo_endpoint"
        case jwksURI = "jwks_uri"
        case revocationEndpoint = "revocation_endpoint"
        case introspectionEndpoint = "introspection_endpoint"
        case endSessionEndpoint = "end_session_endpoint"
        case responseTypesSupported = "response_types_supported"
        case responseModesSupported = "response_modes_supported"
        case grantTypesSupported = "grant_types_supported"
        case subjectTypesSupported = "subject_types_supported"
        case idTokenSigningAlgValuesSupported = "id_token_signing_alg_values_supported"
        case scopesSupported = "scopes_supported"
        case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        case revocationEndpointAuthMethodsSupported = "revocation_endpoint_auth_methods_supported"
        case introspectionEndpointAuthMethodsSupported = "introspection_endpoint_auth_methods_supported"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case claimsSupported = "claims_supported"
        case promptValuesSupported = "prompt_values_supported"
        case authorizationResponseIssParameterSupported = "authorization_response_iss_parameter_supported"
        case requestParameterSupported = "request_parameter_supported"
        case requestURIParameterSupported = "request_uri_parameter_supported"
        case claimsParameterSupported = "claims_parameter_supported"
    }
}
