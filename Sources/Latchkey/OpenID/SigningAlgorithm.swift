/// The algorithms the OpenID provider signs tokens with: RS256, OpenID Connect's default, which
/// every relying party accepts, and ES256 and EdDSA for those that ask for them.
public enum SigningAlgorithm: String, Sendable, Hashable, CaseIterable, Codable {
    case rs256 = "RS256"
    case es256 = "ES256"
    case edDSA = "EdDSA"
}
