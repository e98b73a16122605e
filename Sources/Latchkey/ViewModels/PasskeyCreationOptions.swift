/// The options of a passkey registration in the WebAuthn Level 3 JSON form
/// (`PublicKeyCredentialCreationOptionsJSON`): what a page hands to
/// `PublicKeyCredential.parseCreationOptionsFromJSON` before `navigator.credentials.create`.
public struct PasskeyCreationOptions: Codable, Sendable, Hashable {
    /// The relying party: its ID (a registrable domain) and a name to show.
    public struct RelyingParty: Codable, Sendable, Hashable {
        public let id: String
        public let name: String
    }

    /// The account: its user handle (random, base64url; never its id or name), its name and the
    /// name to show.
    public struct User: Codable, Sendable, Hashable {
        public let id: String
        public let name: String
        public let displayName: String
    }

    /// One algorithm offered, by its COSE number.
    public struct Parameter: Codable, Sendable, Hashable {
        public let type: String
        public let alg: Int
    }

    /// What kind of authenticator is asked for.
    public struct Selection: Codable, Sendable, Hashable {
        public let residentKey: String
        public let requireResidentKey: Bool
        public let userVerification: String
    }

    public let rp: RelyingParty
    public let user: User
    /// The ceremony's challenge, base64url: single use, for this account, expiring with `timeout`.
    public let challenge: String
    public let pubKeyCredParams: [Parameter]
    /// Milliseconds the browser may wait for the person.
    public let timeout: Int
    /// The account's passkeys, which the authenticator must not register again.
    public let excludeCredentials: [PasskeyCredentialDescriptor]
    public let authenticatorSelection: Selection
    /// Always `none`: the format is recorded, no attestation chain is required.
    public let attestation: String

    package init(
        rpID: String, rpName: String, userHandle: String, username: String, displayName: String,
        challenge: String, algorithms: [Int], timeout: Int, exclude: [PasskeyCredentialDescriptor],
        userVerification: String
    ) {
        rp = RelyingParty(id: rpID, name: rpName)
        user = User(id: userHandle, name: username, displayName: displayName)
        self.challenge = challenge
        pubKeyCredParams = algorithms.map { Parameter(type: "public-key", alg: $0) }
        self.timeout = timeout
        excludeCredentials = exclude
        authenticatorSelection = Selection(
            residentKey: "required", requireResidentKey: true, userVerification: userVerification)
        attestation = "none"
    }
}
