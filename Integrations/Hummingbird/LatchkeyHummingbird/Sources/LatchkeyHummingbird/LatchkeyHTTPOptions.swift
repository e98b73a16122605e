public import Latchkey

/// How the routes see the network and the browser.
public struct LatchkeyHTTPOptions: Sendable {
    /// Peers whose forwarded header is believed; from anyone else the socket's address is the client.
    public var trustedProxies: [AddressRange]
    /// The one header trusted proxies name the client in (`X-Forwarded-For` unless the operator's
    /// proxy writes `Forwarded`); the other is never read.
    public var forwardedHeader: ForwardedHeader
    /// The origin the browser sees (`https://auth.example.com`), trusted by the cross-origin check
    /// besides the request's own host.
    ///
    /// Passkeys are not turned on here: the routes under `/v1/passkeys` use the service's
    /// `LatchkeyWorkers.relyingParty` (the one setting the library, the CLI and the routes share);
    /// while it is nil, the ceremonies' options answer `not_found`, so none can start. An embedding app sets it to
    /// `RelyingParty(origin: publicOrigin)` (or a parent domain's) before making the service.
    public var publicOrigin: String?
    /// `__Host-latchkey` (HttpOnly, Secure, SameSite=Lax, Path=/). With `insecureCookie` (plain-HTTP
    /// development only) the cookie is `latchkey`, without Secure, since browsers refuse a
    /// `__Host-` cookie that is not Secure.
    public var insecureCookie: Bool
    /// The largest request body read, in bytes.
    public var maximumBodyBytes: Int
    /// Whether anyone may create an account through `POST /v1/register` (`open`), only someone
    /// with an invitation code from `latchkey admin invite` (`invite`), or only the operator,
    /// through `latchkey admin` or the library (`closed`).
    public var registration: Registration

    /// Who may create accounts over HTTP.
    public enum Registration: String, Sendable, CaseIterable {
        /// Anyone, limited per address (`SecurityPolicy.maximumRegistrationsPerAddress`).
        case open
        /// Nobody: `POST /v1/register` answers 403 `forbidden`.
        case closed
        /// Whoever has an invitation code: `POST /v1/register` without `"invitation"` answers 403
        /// `forbidden`, and so does an unknown, used or expired code (limited per address too).
        case invite
    }

    /// Options for a server behind `trustedProxies`, seen at `publicOrigin`.
    public init(
        trustedProxies: [AddressRange] = [], forwardedHeader: ForwardedHeader = .xForwardedFor,
        publicOrigin: String? = nil, insecureCookie: Bool = false, maximumBodyBytes: Int = 16 * 1024,
        registration: Registration = .closed
    ) {
        self.registration = registration
        self.trustedProxies = trustedProxies
        self.forwardedHeader = forwardedHeader
        self.publicOrigin = publicOrigin
        self.insecureCookie = insecureCookie
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// The session cookie's name.
    public var cookieName: String { insecureCookie ? "latchkey" : "__Host-latchkey" }
}
