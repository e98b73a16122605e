/// Who is on the other end of a request: the remote address and user agent a server saw, or the
/// program and terminal of a local command. Stored on the sessions it opens and the audit events it
/// causes; with an address, sign-in throttling keys on the address too (see `SecurityPolicy`).
public struct ClientContext: Sendable, Hashable {
    /// The remote address, as the system writes it (`203.0.113.7`, `2001:db8::1`).
    public let address: String?
    /// The user agent or program, without control characters, at most 256 characters.
    public let userAgent: String?
    /// The address the throttle counts (see `IPAddress.network`).
    let network: String?

    /// The longest user agent kept.
    public static let maximumUserAgentLength = 256

    /// A network client at `address` (IPv4 or IPv6 text; an IPv4-mapped IPv6 address counts as its
    /// IPv4 address). Throws `invalid_input` for text that is not an address.
    public init(address: String, userAgent: String? = nil) throws(LatchkeyError) {
        guard let parsed = IPAddress(address) else {
            throw LatchkeyError(code: .invalidInput, message: "The client address is not an IP address.")
        }
        self.address = parsed.text
        self.network = parsed.network
        self.userAgent = Self.cleaned(userAgent)
    }

    /// A local client with no address (a command on this machine): the throttle keeps its per-name
    /// rule, and `description` says which program and terminal acted.
    public init(local description: String) {
        address = nil
        network = nil
        userAgent = Self.cleaned(description)
    }

    /// Keeps the printable part of a user agent, cut to the longest kept.
    private static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !TerminalSafeText.isRefused(scalar) {
            kept.append(scalar)
        }
        let cut = String(String(kept).prefix(maximumUserAgentLength))
        return cut.isEmpty ? nil : cut
    }
}
