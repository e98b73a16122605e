/// The options of a passkey sign-in in the WebAuthn Level 3 JSON form
/// (`PublicKeyCredentialRequestOptionsJSON`): what a page hands to
/// `PublicKeyCredential.parseRequestOptionsFromJSON` before `navigator.credentials.get`.
public struct PasskeyRequestOptions: Codable, Sendable, Hashable {
    /// The ceremony's challenge, base64url: single use, expiring with `timeout`.
    public let challenge: String
    /// Milliseconds the browser may wait for the person.
    public let timeout: Int
    /// The relying party ID the credentials are scoped to.
    public let rpId: String
    /// Empty for a passwordless sign-in (the authenticator offers its discoverable credentials);
    /// after a username, that account's passkeys.
    public let allowCredentials: [PasskeyCredentialDescriptor]
    /// `required` or `preferred`.
    public let userVerification: String

    package init(
        challenge: String, timeout: Int, rpID: String, allow: [PasskeyCredentialDescriptor], userVerification: String
    ) {
        self.challenge = challenge
        self.timeout = timeout
        rpId = rpID
        allowCredentials = allow
        self.userVerification = userVerification
    }
}
