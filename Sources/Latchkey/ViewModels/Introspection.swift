/// The introspection endpoint's answer (RFC 7662 2.2): `active` alone for a token that is not (or
/// not the asking client's), else what the token carries.
public struct Introspection: Sendable, Hashable, Encodable {
    public let active: Bool
    public var scope: String?
    public var clientID: String?
    public var username: String?
    public var tokenType: String?
    public var exp: Int?
    public var iat: Int?
    public var sub: String?
    public var aud: String?
    public var iss: String?

    /// A token that is not active.
    static let inactive = Introspection(active: false)

    init(active: Bool) {
        self.active = active
    }

    enum CodingKeys: String, CodingKey {
        case active, scope, username, exp, iat, sub, aud, iss
        case clientID = "client_id"
        case tokenType = "token_type"
    }
}
