public import Hummingbird
public import Latchkey
public import NIOCore

/// A ready request context for applications that need nothing else.
public struct LatchkeyRequestContext: LatchkeyRequestContextProtocol {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    public var principal: Principal?

    /// The context of a request arriving on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
        principal = nil
    }
}
