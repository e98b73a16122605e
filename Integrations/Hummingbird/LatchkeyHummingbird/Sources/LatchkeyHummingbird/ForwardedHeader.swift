public import HTTPTypes
import Latchkey

/// The one header a trusted proxy names the client in. Latchkey believes exactly one, the one the
/// operator's proxy writes; the other is ignored whoever sends it, so a client cannot slip an address
/// past a proxy that only overwrites its own header.
public enum ForwardedHeader: String, Sendable, CaseIterable {
    /// `X-Forwarded-For: client, proxy1, proxy2` (nginx's `$proxy_add_x_forwarded_for` or
    /// `$remote_addr`, Caddy's and Traefik's default).
    case xForwardedFor = "x-forwarded-for"
    /// `Forwarded: for=client, for="[2001:db8::1]:443"` (RFC 7239).
    case forwarded = "forwarded"

    /// The header's field name.
    public var fieldName: HTTPField.Name {
        switch self {
        case .xForwardedFor: HTTPField.Name("X-Forwarded-For")!
        case .forwarded: HTTPField.Name("Forwarded")!
        }
    }

    /// The hops the header names, client first, each as written (ports and brackets still on);
    /// every field line of the header counts, in order.
    func hops(in fields: HTTPFields) -> [Substring] {
        let elements = fields[values: fieldName].flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        switch self {
        case .xForwardedFor:
            return elements.map(Self.trimmed)
        case .forwarded:
            // An element without `for=` names no hop; one with it names exactly one.
            return elements.compactMap { element in
                for pair in element.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    if parts.count == 2, Self.trimmed(parts[0]).lowercased() == "for" {
                        var value = Self.trimmed(parts[1])
                        if value.count >= 2, value.first == "\"", value.last == "\"" {
                            value = value.dropFirst().dropLast()
                        }
                        return value
                    }
                }
                return nil
            }
        }
    }

    /// The address of one hop: `1.2.3.4`, `1.2.3.4:80`, `2001:db8::1`, `[2001:db8::1]:443` (ports and
    /// brackets stripped); nil for anything else (`unknown`, `_hidden`, garbage).
    static func address(of hop: Substring) -> String? {
        var text = hop
        if text.first == "[" {
            guard let end = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: end)...]
            guard rest.isEmpty || Self.isPort(rest) else { return nil }
            text = text[text.index(after: text.startIndex)..<end]
            guard text.contains(":") else { return nil }
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            guard Self.isPort(text[colon...]) else { return nil }
            text = text[..<colon]
            guard !text.contains(":") else { return nil }
        }
        return (try? ClientContext(address: String(text)))?.address
    }

    /// `:` and a port number.
    private static func isPort(_ text: Substring) -> Bool {
        guard text.first == ":" else { return false }
        let digits = text.dropFirst()
        return (1...5).contains(digits.count) && digits.allSatisfy(\.isASCII) && UInt16(digits) != nil
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
