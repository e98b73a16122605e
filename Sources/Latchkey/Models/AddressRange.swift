/// An IPv4 or IPv6 network in CIDR notation (`10.0.0.0/8`, `fd00::/8`; a bare address is one host):
/// which peers a server trusts to say who the client is.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    private let network: [UInt8]
    private let prefix: Int
    public let description: String

    /// Parses `text`; nil when it is not an address or a network.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let address = IPAddress(String(parts[0])) else { return nil }
        let bits = address.bytes.count * 8
        guard let prefix = parts.count == 2 ? Int(parts[1]) : bits, (0...bits).contains(prefix) else { return nil }
        network = Self.masked(address.bytes, prefix)
        self.prefix = prefix
        description = text
    }

    /// True when `address` (text) lies in this range; an IPv4-mapped IPv6 address counts as IPv4.
    public func contains(_ address: String) -> Bool {
        guard let parsed = IPAddress(address), parsed.bytes.count == network.count else { return false }
        return Self.masked(parsed.bytes, prefix) == network
    }

    private static func masked(_ bytes: [UInt8], _ prefix: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(8, max(0, prefix - index * 8))
            return kept == 0 ? 0 : byte & UInt8(truncatingIfNeeded: 0xFF << (8 - kept))
        }
    }
}
