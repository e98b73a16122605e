/// What a second-factor action produced: what the SecondFactor presenter shows.
public struct SecondFactorResult: Codable, Sendable, Hashable {
    /// Where the second factor stands after the action.
    public enum Status: String, Codable, Sendable, Hashable {
        /// Enrolled, not yet on: show `uri` (as a QR code) and `secret`, then confirm with a code.
        case pending
        /// On: `recoveryCodes` are shown this once.
        case enabled
        /// Off: sign-ins need the password only.
        case disabled
        /// New recovery codes replaced the old ones: shown this once.
        case recoveryCodesReplaced = "recovery_codes_replaced"
    }

    /// Where the second factor stands.
    public let status: Status
    /// The `otpauth://` URI for the authenticator app.
    public let uri: String?
    /// The secret in base32, for typing by hand.
    public let secret: String?
    /// The recovery codes, shown this once.
    public let recoveryCodes: [String]?

    enum CodingKeys: String, CodingKey {
        case status, uri, secret, recoveryCodes = "recovery_codes"
    }

    /// Every key always present, `null` for what is absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(uri, forKey: .uri)
        try container.encode(secret, forKey: .secret)
        try container.encode(recoveryCodes, forKey: .recoveryCodes)
    }

    package init(status: Status, uri: String? = nil, secret: String? = nil, recoveryCodes: [String]? = nil) {
        self.status = status
        self.uri = uri
        self.secret = secret
        self.recoveryCodes = recoveryCodes
    }
}
