/// A credential named in a ceremony's options (`PublicKeyCredentialDescriptorJSON`): one the
/// browser must not register again, or one it may sign in with.
public struct PasskeyCredentialDescriptor: Codable, Sendable, Hashable {
    /// Always `public-key`.
    public let type: String
    /// The credential ID, base64url without padding.
    public let id: String
    /// How the authenticator was reached when it was registered (`internal`, `hybrid`, `usb`, …).
    public let transports: [String]

    package init(id: String, transports: [String]) {
        type = "public-key"
        self.id = id
        self.transports = transports
    }
}
