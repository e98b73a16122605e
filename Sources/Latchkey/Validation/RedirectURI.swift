import Foundation

/// A redirect URI an OpenID Connect client registers: absolute `https`, or `http` only to a loopback
/// host (127.0.0.1, [::1], localhost) as RFC 8252 allows native apps; no fragment, no user
/// information, no wildcard; printable ASCII of at most 2000 bytes. Kept exactly as given, since
/// the provider compares the URI a request names with it by exact string match.
package struct RedirectURI: Sendable, Hashable {
    /// The longest URI accepted, in bytes.
    package static let maximumLength = 2000

    /// Why a URI is refused.
    package enum Problem: Error, Sendable, Hashable {
        case empty
        case tooLong
        /// Spaces, controls or anything beyond ASCII (an IRI must be percent-encoded).
        case notPrintableASCII
        /// No scheme and host: relative, or an opaque URI such as `javascript:`.
        case notAbsolute
        /// A scheme other than https (or http to a loopback host).
        case insecureScheme
        case fragment
        case userInfo
        case wildcard
        /// Not a URI by RFC 3986 (an empty host, a bad port, …).
        case malformed
    }

    /// The URI as given.
    package let value: String

    private static let loopbackHosts: Set<String> = ["127.0.0.1", "[::1]", "localhost"]

    /// Accepts `text` if it follows the rules above, unchanged.
    package init(_ text: String) throws(Problem) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= Self.maximumLength else { throw .tooLong }
        guard bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else { throw .notPrintableASCII }
        guard !text.contains("#") else { throw .fragment }
        guard !text.contains("*") else { throw .wildcard }
        let lowered = text.lowercased()
        let secure = lowered.hasPrefix("https://")
        guard secure || lowered.hasPrefix("http://") else {
            // `javascript:`, `data:`, `custom:/path` and relative references all land here.
            throw lowered.contains("://") ? .insecureScheme : .notAbsolute
        }
        let rest = text.dropFirst(secure ? 8 : 7)
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard !authority.contains("@") else { throw .userInfo }
        guard let host = Self.host(of: authority), !host.isEmpty else { throw .malformed }
        guard secure || Self.loopbackHosts.contains(host.lowercased()) else { throw .insecureScheme }
        guard URLComponents(string: text)?.host != nil else { throw .malformed }
        value = text
    }

    /// The host of `authority` (`host[:port]`, an IPv6 host in brackets), or nil when the port is
    /// not a number from 1 to 65535.
    private static func host(of authority: Substring) -> Substring? {
        var host = authority
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                port = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy(\.isASCII), let number = Int(port),
                (1...65_535).contains(number)
            else { return nil }
        }
        return host
    }
}
