import HTTPTypes
import Hummingbird
import Latchkey
import Logging
import NIOCore

/// Who the client is: the socket's peer, or, when that peer is a trusted proxy, the address the
/// proxy wrote in the one header the operator names, read right to left past trusted proxies. A
/// client cannot choose its address: an untrusted peer's headers are ignored, the other forwarded
/// header is never read, and a hop that is not an address is refused rather than replaced by the
/// proxy's own address (which would put every client behind it in one throttle bucket).
struct ClientResolver: Sendable {
    let trusted: [AddressRange]
    let header: ForwardedHeader

    init(trusted: [AddressRange], header: ForwardedHeader = .xForwardedFor) {
        self.trusted = trusted
        self.header = header
    }

    /// The refusal of a forwarded hop that is not an address: 400 with the one error object.
    static func unusableHop(_ header: ForwardedHeader) -> LatchkeyError {
        LatchkeyError(
            code: .invalidInput,
            message: "The proxy's \(header.fieldName.canonicalName) header names a client that is not an IP address.")
    }

    /// The request's client; nil for a peer with no IP address (a Unix socket).
    func client(_ request: Request, peer: SocketAddress?) throws(LatchkeyError) -> ClientContext? {
        guard let socket = peer?.ipAddress else { return nil }
        let agent = request.headers[.userAgent]
        guard isTrusted(socket) else { return try? ClientContext(address: socket, userAgent: agent) }
        var address = socket
        for hop in header.hops(in: request.headers).reversed() {
            guard let parsed = ForwardedHeader.address(of: hop) else { throw Self.unusableHop(header) }
            address = parsed
            if !isTrusted(parsed) { break }
        }
        return try? ClientContext(address: address, userAgent: agent)
    }

    private func isTrusted(_ address: String) -> Bool {
        trusted.contains { $0.contains(address) }
    }
}
