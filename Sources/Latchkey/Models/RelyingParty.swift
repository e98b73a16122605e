/// Where passkeys are used: the relying party ID credentials are scoped to, the origins the pages
/// that run the ceremonies are served from, and whether the authenticator must verify the user.
public struct RelyingParty: Sendable, Hashable {
    /// The RP ID: the origin's host ("auth.example.com") or a registrable parent of it
    /// ("example.com").
    public let id: String
    /// The name authenticators show beside the account.
    public let name: String
    /// The exact origins ("https://auth.example.com") a ceremony may come from.
    public let origins: [String]
    /// Whether user verification (a PIN, a fingerprint) is required. When it is only preferred
    /// (the default), a passkey that did not verify the user counts as one factor, and an account
    /// with a second factor is asked for its code.
    public let requiresUserVerification: Bool

    /// A relying party; `nil` when `id` is not the host of each origin nor a parent domain of it.
    public init?(id: String, name: String = "Latchkey", origins: [String], requiresUserVerification: Bool = false) {
        let id = id.lowercased()
        guard !id.isEmpty, !origins.isEmpty,
            origins.allSatisfy({ Self.host(of: $0).map { $0 == id || $0.hasSuffix("." + id) } ?? false })
        else { return nil }
        self.id = id
        self.name = name
        self.origins = origins
        self.requiresUserVerification = requiresUserVerification
    }

    /// The relying party of one public origin: its host is the RP ID.
    public init?(origin: String, name: String = "Latchkey") {
        guard let host = Self.host(of: origin) else { return nil }
        self.init(id: host, name: name, origins: [origin])
    }

    /// The host of an `https://host[:port]` origin (or `http://localhost`, which browsers treat as
    /// secure), lower-cased; nil for anything else.
    private static func host(of origin: String) -> String? {
        let text = origin.lowercased()
        let rest: Substring
        if text.hasPrefix("https://") {
            rest = text.dropFirst(8)
        } else if text.hasPrefix("http://localhost") {
            rest = text.dropFirst(7)
        } else {
            return nil
        }
        guard !rest.contains("/"), !rest.contains("@"), !rest.contains("?"), !rest.contains("#") else { return nil }
        let host = rest.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }) else {
            return nil
        }
        return host
    }

    var verifying: PasskeyRelyingParty {
        PasskeyRelyingParty(id: id, origins: origins, requiresUserVerification: requiresUserVerification)
    }
}
