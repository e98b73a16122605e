import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

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
