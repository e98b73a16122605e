#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Who is on the other end of a request: the remote address and user agent a server saw, or the
/// program and terminal of a local command. Stored on the sessions it opens and the audit events it
/// causes; with an address, sign-in throttling keys on the address too (see `SecurityPolicy`).
public struct ClientContext: Sendable, Hashable {
    /// The remote address, as the system writes it (`203.0.113.7`, `2001:db8::1`).
    public let address: String?
    /// The user agent or program, without control characters, at most 256 characters.
    public let userAgent: String?
    /// The address the throttle counts: an IPv4 address, or an IPv6 address's /64 (one subscriber
    /// usually holds a whole /64, so counting single IPv6 addresses would count nothing).
    let network: String?

    /// The longest user agent kept.
    public static let maximumUserAgentLength = 256

    /// A network client at `address` (IPv4 or IPv6 text; an IPv4-mapped IPv6 address counts as its
    /// IPv4 address). Throws `invalid_input` for text that is not an address.
    public init(address: String, userAgent: String? = nil) throws(LatchkeyError) {
        guard let parsed = ParsedAddress(address) else {
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

/// An IP address parsed by the system's own parser, in its canonical text and its throttle network.
private struct ParsedAddress {
    let text: String
    let network: String

    init?(_ input: String) {
        guard input.utf8.count <= 64, !input.contains("%") else { return nil }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, input, &v4) == 1 {
            guard let text = Self.text(AF_INET, v4, length: Int(INET_ADDRSTRLEN)) else { return nil }
            (self.text, network) = (text, "v4:" + text)
            return
        }
        guard inet_pton(AF_INET6, input, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        // ::ffff:a.b.c.d is an IPv4 client seen through an IPv6 socket.
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
            let text = bytes[12..<16].map(String.init).joined(separator: ".")
            (self.text, network) = (text, "v4:" + text)
            return
        }
        guard let text = Self.text(AF_INET6, v6, length: Int(INET6_ADDRSTRLEN)) else { return nil }
        (self.text, network) = (text, "v6:" + Hex.encode(Array(bytes[0..<8])) + "/64")
    }

    /// The system's canonical text of an `in_addr` or `in6_addr` (plain structs of bytes).
    private static func text<Address>(_ family: Int32, _ address: Address, length: Int) -> String? {
        var buffer = [CChar](repeating: 0, count: length)
        let written = withUnsafeBytes(of: address) { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(length)) }
        guard written != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
