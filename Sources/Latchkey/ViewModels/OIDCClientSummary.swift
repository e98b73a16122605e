public import Foundation

/// An OpenID Connect client as an operator sees it (never its secret): what the Clients presenter
/// shows for `latchkey clients list` and `show`, and `oidcClients(token:)`.
public struct OIDCClientSummary: Codable, Sendable, Hashable {
    /// The public identifier the client presents (`lkc_…`).
    public let clientID: String
    /// The name an operator knows it by, unique in any case.
    public let name: String
    /// A public client (a browser or native app) has no secret.
    public let isPublic: Bool
    /// A first-party client skips the consent screen.
    public let isFirstParty: Bool
    /// Where sign-ins may return to, exactly as registered.
    public let redirectURIs: [String]
    /// Where sign-outs may return to, exactly as registered.
    public let postLogoutRedirectURIs: [String]
    /// The scopes it may ask for, `openid` first.
    public let scopes: [String]
    /// When it was added.
    public let created: Date
    /// When its secret was last replaced, if ever.
    public let secretRotated: Date?
    /// The administrator who added it, while the account exists; nil when the operator did.
    public let createdBy: String?

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id", name, isPublic = "public", isFirstParty = "first_party",
            redirectURIs = "redirect_uris", postLogoutRedirectURIs = "post_logout_redirect_uris", scopes, created,
            secretRotated = "secret_rotated", createdBy = "created_by"
    }

    /// Every key always present, `null` for what is absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clientID, forKey: .clientID)
        try container.encode(name, forKey: .name)
        try container.encode(isPublic, forKey: .isPublic)
        try container.encode(isFirstParty, forKey: .isFirstParty)
        try container.encode(redirectURIs, forKey: .redirectURIs)
        try container.encode(postLogoutRedirectURIs, forKey: .postLogoutRedirectURIs)
        try container.encode(scopes, forKey: .scopes)
        try container.encode(created, forKey: .created)
        try container.encode(secretRotated, forKey: .secretRotated)
        try container.encode(createdBy, forKey: .createdBy)
    }

    /// The client `stored` describes.
    init(_ stored: StoredOIDCClient) {
        clientID = stored.clientID
        name = stored.name
        isPublic = stored.isPublic
        isFirstParty = stored.isFirstParty
        redirectURIs = stored.redirectURIs
        postLogoutRedirectURIs = stored.postLogoutRedirectURIs
        scopes = stored.scopes.map(\.rawValue)
        created = stored.createdAt
        secretRotated = stored.secretRotatedAt
        createdBy = stored.createdBy
    }
}
