import Foundation
import HTTPTypes
public import Hummingbird
import NIOCore

/// How Latchkey's routes write JSON, as the CLI does: dates in ISO 8601, keys sorted, and marked
/// `Cache-Control: no-store`, since every answer speaks of one account or session.
public struct LatchkeyResponseEncoder: ResponseEncoder {
    /// The encoder.
    public init() {}

    /// `value` as a 200 answer, `application/json; charset=utf-8`.
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws
        -> Response
    {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(value)
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
