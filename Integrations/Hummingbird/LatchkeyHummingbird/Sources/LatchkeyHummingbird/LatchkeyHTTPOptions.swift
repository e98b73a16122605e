public import Latchkey

/// How the routes see the network and the browser.
public struct LatchkeyHTTPOptions: Sendable {
    /// Peers whose `X-Forwarded-For` / `Forwarded` headers are believed; from anyone else the
    /// socket's address is the client.
    public var trustedProxies: [AddressRange]
    /// The origin the browser sees (`https://auth.example.com`), trusted by the cross-origin check
    /// besides the request's own host.
    public var publicOrigin: String?
    /// `__Host-latchkey` (HttpOnly, Secure, SameSite=Lax, Path=/). With `insecureCookie` (plain-HTTP
    /// development only) the cookie is `latchkey`, without Secure, since browsers refuse a
    /// `__Host-` cookie that is not Secure.
    public var insecureCookie: Bool
    /// The largest request body read, in bytes.
    public var maximumBodyBytes: Int

    /// Options for a server behind `trustedProxies`, seen at `publicOrigin`.
    public init(
        trustedProxies: [AddressRange] = [], publicOrigin: String? = nil, insecureCookie: Bool = false,
        maximumBodyBytes: Int = 16 * 1024
    ) {
        self.trustedProxies = trustedProxies
        self.publicOrigin = publicOrigin
        self.insecureCookie = insecureCookie
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// The session cookie's name.
    public var cookieName: String { insecureCookie ? "latchkey" : "__Host-latchkey" }
}
