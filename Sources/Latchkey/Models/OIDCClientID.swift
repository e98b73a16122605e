/// An OpenID Connect client's public identifier: `lkc_` and 22 random base62 characters (130 bits),
/// made by Latchkey so that no two clients share one and none can be guessed from the name.
enum OIDCClientID {
    /// The prefix that makes a client ID recognizable.
    static let prefix = "lkc_"

    /// A new client ID from the system's CSPRNG.
    static func make() -> String {
        prefix + String(decoding: Base62.random(count: 22), as: UTF8.self)
    }
}
