package import Foundation

/// An OpenID Connect client as stored (never its secret or the secret's hash).
package struct StoredOIDCClient: Sendable, Hashable {
    /// The row's number, internal to the database.
    let id: Int64
    /// The public identifier (`lkc_…`).
    package let clientID: String
    package let name: String
    /// A public client (a browser or native app) has no secret and must use PKCE.
    package let isPublic: Bool
    /// A first-party client is trusted to skip the consent screen.
    package let isFirstParty: Bool
    /// In the order they were given, exactly as given.
    package internal(set) var redirectURIs: [String]
    package internal(set) var postLogoutRedirectURIs: [String]
    /// `openid` always among them.
    package let scopes: [OIDCScope]
    package let createdAt: Date
    /// When the secret was last replaced, if ever.
    package let secretRotatedAt: Date?
    /// The administrator who added it, while the account exists; nil for the operator.
    package let createdBy: String?
}
