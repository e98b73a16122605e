public import Hummingbird
public import Latchkey
import NIOCore

/// What the Latchkey routes and middleware need of a request context: the peer's address (for the
/// client context), a place for the principal the authenticator found, and Latchkey's JSON encoder,
/// so every answer has the CLI's shape whichever context an application uses (a conforming
/// context gets the encoder without writing it).
public protocol LatchkeyRequestContextProtocol: RemoteAddressRequestContext
where Encoder == LatchkeyResponseEncoder {
    /// The signed-in principal, once `LatchkeyAuthenticator` accepted the request's token.
    var principal: Principal? { get set }
}

extension LatchkeyRequestContextProtocol {
    /// Latchkey's JSON: ISO 8601 dates, sorted keys, `Cache-Control: no-store`.
    public var responseEncoder: LatchkeyResponseEncoder { LatchkeyResponseEncoder() }
}
