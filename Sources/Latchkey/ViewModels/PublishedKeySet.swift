/// The OpenID provider's published public keys: a JSON Web Key Set (RFC 7517), what relying
/// parties fetch from the JWKS endpoint to verify ID tokens and access tokens.
public struct PublishedKeySet: Sendable, Hashable {
    /// Each key's JWK as compact JSON (`kty`, `kid`, `alg`, `use` and the public members).
    public let keys: [String]

    /// The set as the JWKS document: `{"keys":[…]}`.
    public var json: String { "{\"keys\":[" + keys.joined(separator: ",") + "]}" }
}
