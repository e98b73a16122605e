#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An IP address parsed by the system's own parser (`inet_pton`): its canonical text, its bytes (4
/// for IPv4, and for an IPv4-mapped IPv6 address, which is an IPv4 client seen through an IPv6
/// socket; 16 for IPv6) and the network the throttle counts it in.
struct IPAddress {
    let text: String
    let bytes: [UInt8]

    init?(_ input: String) {
        guard input.utf8.count <= 64, !input.contains("%") else { return nil }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, input, &v4) == 1 {
            guard let text = Self.text(AF_INET, v4, length: Int(INET_ADDRSTRLEN)) else { return nil }
            (self.text, bytes) = (text, withUnsafeBytes(of: &v4) { Array($0) })
            return
        }
        guard inet_pton(AF_INET6, input, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
            let mapped = Array(bytes[12..<16])
            (text, self.bytes) = (mapped.map(String.init).joined(separator: "."), mapped)
            return
        }
        guard let text = Self.text(AF_INET6, v6, length: Int(INET6_ADDRSTRLEN)) else { return nil }
        (self.text, self.bytes) = (text, bytes)
    }

    /// The throttle's key part: an IPv4 address, or an IPv6 address's /64 (one subscriber usually
    /// holds a whole /64, so counting single IPv6 addresses would count nothing).
    var network: String {
        bytes.count == 4 ? "v4:" + text : "v6:" + Hex.encode(Array(bytes[0..<8])) + "/64"
    }

    /// The system's canonical text of an `in_addr` or `in6_addr` (plain structs of bytes).
    private static func text<Address>(_ family: Int32, _ address: Address, length: Int) -> String? {
        var buffer = [CChar](repeating: 0, count: length)
        let written = withUnsafeBytes(of: address) { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(length)) }
        guard written != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
