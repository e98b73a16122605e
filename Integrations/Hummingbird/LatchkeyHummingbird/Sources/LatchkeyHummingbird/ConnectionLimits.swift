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

/// Closes a connection whose request head or body does not arrive in time. It sees the decoded
/// request parts; a second handler it places before the HTTP decoder tells it when the first byte
/// of a head arrives, which the decoder does not report.
final class RequestReadDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    enum Phase {
        /// Between requests: the next byte starts a head.
        case waiting
        case head
        case body
        /// The request is read; its answer is being made.
        case answering
    }

    let header: TimeAmount
    let body: TimeAmount
    var phase = Phase.waiting
    private var deadline: Scheduled<Void>?

    init(header: TimeAmount, body: TimeAmount) {
        self.header = header
        self.body = body
    }

    func handlerAdded(context: ChannelHandlerContext) {
        try? context.pipeline.syncOperations.addHandler(FirstByte(deadline: self), position: .first)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    /// Bytes arrived (seen before decoding): a head has begun if none was on its way.
    func bytesArrived(context: ChannelHandlerContext) {
        guard phase == .waiting else { return }
        phase = .head
        arm(header, context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            phase = .body
            arm(body, context: context)
        case .body:
            break
        case .end:
            phase = .answering
            disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            phase = .waiting
            disarm()
        }
        context.write(data, promise: promise)
    }

    private func arm(_ delay: TimeAmount, context: ChannelHandlerContext) {
        disarm()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: delay) {
            context.close(promise: nil)
        }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }

    /// Sits before the HTTP decoder and reports raw bytes; passes everything on unchanged.
    final class FirstByte: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        // Both handlers live on the channel's event loop for the channel's life.
        let deadline: RequestReadDeadline

        init(deadline: RequestReadDeadline) {
            self.deadline = deadline
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            deadline.bytesArrived(context: context)
            context.fireChannelRead(data)
        }
    }
}
