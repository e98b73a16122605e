import Foundation
import HTTPTypes
import Hummingbird
import Latchkey
import NIOCore

/// Who the client is: the socket's peer, or, when that peer is a trusted proxy, the address it
/// forwarded (the right-most entry of `X-Forwarded-For` or `Forwarded` that is not itself a trusted
/// proxy, so a client cannot choose its address by sending the header itself).
struct ClientResolver: Sendable {
    let trusted: [AddressRange]

    func client(_ request: Request, peer: SocketAddress?) -> ClientContext? {
        let agent = request.headers[.userAgent]
        guard let socket = peer?.ipAddress else { return nil }
        var address = socket
        if isTrusted(socket) {
            for hop in forwarded(request).reversed() {
                guard (try? ClientContext(address: hop)) != nil else { break }
                address = hop
                if !isTrusted(hop) { break }
            }
        }
        return (try? ClientContext(address: address, userAgent: agent)) ?? (try? ClientContext(address: socket))
    }

    private func isTrusted(_ address: String) -> Bool {
        trusted.contains { $0.contains(address) }
    }

    /// The forwarded chain, client first: `Forwarded: for=` when present (RFC 7239), else
    /// `X-Forwarded-For`.
    private func forwarded(_ request: Request) -> [String] {
        let standard = request.headers[values: HTTPField.Name("Forwarded")!].flatMap { $0.split(separator: ",") }
            .compactMap { element -> String? in
                for pair in element.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "for"
                    else { continue }
                    let value = parts[1].trimmingCharacters(in: CharacterSet.whitespaces.union(["\""]))
                    // [2001:db8::1]:port, or a.b.c.d:port
                    if value.hasPrefix("["), let end = value.firstIndex(of: "]") {
                        return String(value[value.index(after: value.startIndex)..<end])
                    }
                    if value.filter({ $0 == ":" }).count == 1 { return String(value.split(separator: ":")[0]) }
                    return value
                }
                return nil
            }
        if !standard.isEmpty { return standard }
        return request.headers[values: HTTPField.Name("X-Forwarded-For")!].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
