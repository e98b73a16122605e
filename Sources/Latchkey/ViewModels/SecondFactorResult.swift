/// What a second-factor action produced.
public struct SecondFactorResult: Codable, Sendable, Hashable {
    public enum Status: String, Codable, Sendable, Hashable {
        /// Enrolled, not yet on: show `uri` (as a QR code) and `secret`, then confirm with a code.
        case pending
        /// On: `recoveryCodes` are shown this once.
        case enabled
        case disabled
        /// New recovery codes replaced the old ones: shown this once.
        case recoveryCodesReplaced = "recovery_codes_replaced"
    }

    public let status: Status
    /// The `otpauth://` URI for the authenticator app.
    public let uri: String?
    /// The secret in base32, for typing by hand.
    public let secret: String?
    public let recoveryCodes: [String]?

    enum CodingKeys: String, CodingKey {
        case status, uri, secret, recoveryCodes = "recovery_codes"
    }
}
