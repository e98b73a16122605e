/// A client to store, validated: the Clients interactor makes it from an operator's request.
struct NewOIDCClient: Sendable {
    let name: String
    let isPublic: Bool
    let isFirstParty: Bool
    let redirectURIs: [RedirectURI]
    let postLogoutRedirectURIs: [RedirectURI]
    let scopes: [OIDCScope]
}
