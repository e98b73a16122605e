#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An IPv4 or IPv6 network in CIDR notation (`10.0.0.0/8`, `fd00::/8`; a bare address is one host),
/// for `--trusted-proxy`.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    private let network: [UInt8]
    private let prefix: Int
    public let description: String

    /// Parses `text`; nil when it is not an address or a network.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let bytes = Self.bytes(String(parts[0])) else { return nil }
        let bits = bytes.count * 8
        guard let prefix = parts.count == 2 ? Int(parts[1]) : bits, (0...bits).contains(prefix) else { return nil }
        network = Self.masked(bytes, prefix)
        self.prefix = prefix
        description = text
    }

    /// True when `address` (text) lies in this range; an IPv4-mapped IPv6 address counts as IPv4.
    public func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(address), bytes.count == network.count else { return false }
        return Self.masked(bytes, prefix) == network
    }

    /// The address's bytes: 4 for IPv4 (and IPv4-mapped IPv6), 16 for IPv6.
    static func bytes(_ text: String) -> [UInt8]? {
        guard text.utf8.count <= 64, !text.contains("%") else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
            return Array(bytes[12..<16])
        }
        return bytes
    }

    private static func masked(_ bytes: [UInt8], _ prefix: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(8, max(0, prefix - index * 8))
            return kept == 0 ? 0 : byte & UInt8(truncatingIfNeeded: 0xFF << (8 - kept))
        }
    }
}
