/// An authorization code (`lkoc_`) or refresh token (`lkor_`) of the OpenID provider: 32 random
/// bytes in base64url after the prefix. Shown once to the client; the database keeps only its
/// SHA-256. Its description is redacted so it cannot end up in a log by accident.
package struct ProviderSecret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What the secret opens.
    package enum Kind: String, Sendable {
        case code = "lkoc_"
        case refreshToken = "lkor_"
    }

    package let kind: Kind
    /// The full text. Handle with care.
    package let secret: String

    /// Accepts text of the exact shape of `kind`, nil otherwise.
    package init?(_ text: String, kind: Kind) {
        let body = text.utf8.dropFirst(kind.rawValue.utf8.count)
        guard text.hasPrefix(kind.rawValue), body.count == 43, body.allSatisfy(Base64.isURLSafe) else { return nil }
        self.kind = kind
        secret = text
    }

    /// A new secret of `kind` from the system's CSPRNG.
    static func make(_ kind: Kind) -> ProviderSecret {
        ProviderSecret(kind.rawValue + Base64.urlSafe(RandomBytes.make(32)), kind: kind)!
    }

    /// The SHA-256 kept in the database in place of the secret.
    var hash: [UInt8] { SHA256Digest.hash(Array(secret.utf8)) }

    package var description: String { kind.rawValue + "…(redacted)" }
    package var debugDescription: String { description }
}
