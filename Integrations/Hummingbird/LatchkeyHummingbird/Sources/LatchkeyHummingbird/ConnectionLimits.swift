public import Hummingbird
public import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// What one connection may hold of the server: how long a request's head and body may take to
/// arrive, how long a kept-alive connection may sit idle, and how many connections are open at once.
/// A slow client (one header byte every few seconds) is closed at the header deadline instead of
/// holding a connection and a file descriptor for as long as it likes.
public struct ConnectionLimits: Sendable {
    /// From the first byte of a request to the end of its head.
    public var headerTimeout: Duration
    /// From the end of a request's head to the end of its body.
    public var bodyTimeout: Duration
    /// A connection with no request in progress for this long is closed.
    public var idleTimeout: Duration
    /// Connections open at once; past it, new ones wait in the listen backlog until one closes.
    public var maximumConnections: Int

    /// Limits with defaults an authentication server behind a proxy needs (nginx's own are 60 s).
    public init(
        headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(10),
        idleTimeout: Duration = .seconds(60), maximumConnections: Int = 1_000
    ) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
    }

    /// An HTTP/1.1 server that keeps these limits (pass it as `Application(server:)`).
    public var server: HTTPServerBuilder {
        let (header, body) = (TimeAmount(headerTimeout), TimeAmount(bodyTimeout))
        return .http1(
            configuration: HTTP1Channel.Configuration(
                additionalChannelHandlers: [RequestReadDeadline(header: header, body: body)],
                idleTimeout: TimeAmount(idleTimeout)))
    }

    /// `configuration` with the connection cap.
    public func applied(to configuration: ApplicationConfiguration) -> ApplicationConfiguration {
        var configuration = configuration
        configuration.availableConnectionsDelegate = MaximumAvailableConnections(maximumConnections)
        return configuration
    }
}
