public import HTTPTypes
public import Hummingbird
public import Latchkey

// Retroactive but safe: Latchkey and this package are one project, and the core never imports
// Hummingbird, so no other conformance of LatchkeyError to HTTPResponseError can appear.
extension LatchkeyError: @retroactive HTTPResponseError {
    /// The status of the error's code (429 for `throttled`, 503 for `overloaded`…).
    public var status: HTTPResponse.Status { ErrorResponse.status(of: code) }

    /// Retry-After when the error says how long to wait, and the JSON answer's headers.
    public var headers: HTTPFields { ErrorResponse(self).headers }

    /// The one error object, `{"error": {"code", "message", "status"}}`, at the code's status.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try ErrorResponse(self).response(from: request, context: context)
    }
}
