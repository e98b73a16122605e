import HTTPTypes
import Hummingbird
import Latchkey

/// The one error object every route answers with: `{"error": {"code", "message", "status"}}` (the
/// CLI's JSON error object, with the HTTP status where the CLI has its exit code), never a stack
/// trace or SQL. It renders itself, so a route or middleware only throws it.
struct ErrorResponse: HTTPResponseError {
    let error: LatchkeyError
    let status: HTTPResponse.Status
    /// Seconds a client should wait before trying again; nil sends no Retry-After.
    let retryAfter: Int?

    /// `error` at its code's status, with the wait it carries (or its code's usual one).
    init(_ error: LatchkeyError) {
        self.init(error, status: Self.status(of: error.code), retryAfter: Self.retryAfter(of: error))
    }

    /// `error` at another status and wait than its code's.
    init(_ error: LatchkeyError, status: HTTPResponse.Status, retryAfter: Int?) {
        self.error = error
        self.status = status
        self.retryAfter = retryAfter
    }

    /// A request the routes refused before Latchkey saw it (malformed JSON, a huge body…).
    static func badRequest(_ message: String, status: HTTPResponse.Status = .badRequest) -> ErrorResponse {
        ErrorResponse(LatchkeyError(code: .invalidInput, message: message), status: status, retryAfter: nil)
    }

    /// What a route answers for a failure that is not Latchkey's (its details stay in the server).
    static let internalError = ErrorResponse(LatchkeyError(code: .internalError, message: "Internal error."))

    /// The status of each stable code.
    static func status(of code: LatchkeyError.Code) -> HTTPResponse.Status {
        switch code {
        case .invalidCredentials, .notSignedIn, .sessionExpired, .secondFactorRequired, .reauthenticationRequired:
            .unauthorized
        case .passwordChangeRequired, .forbidden: .forbidden
        case .invalidInput: .badRequest
        case .weakPassword: .unprocessableContent
        case .usernameTaken, .emailTaken: .conflict
        case .notFound: .notFound
        case .throttled: .tooManyRequests
        case .overloaded, .busy, .unavailable: .serviceUnavailable
        case .storage, .internalError: .internalServerError
        }
    }

    /// Seconds a client should wait before trying again: the wait `error` carries (a lock's
    /// remaining time, rounded up), else its code's usual one, for the codes that say so.
    static func retryAfter(of error: LatchkeyError) -> Int? {
        if let wait = error.retryAfter {
            let (seconds, attoseconds) = wait.components
            return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
        }
        switch error.code {
        case .overloaded, .busy: return 1
        case .unavailable: return 5
        case .throttled: return 60
        default: return nil
        }
    }

    /// Retry-After when there is a wait, and the headers every JSON answer carries, so the object
    /// is the same whatever encoder the request context has.
    var headers: HTTPFields {
        var headers = HTTPFields()
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return headers
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = JSONField(
            "error", Body(code: error.code.rawValue, message: error.message, status: Int(status.code)))
        return try EditedResponse(status: status, headers: headers, response: body).response(
            from: request, context: context)
    }

    struct Body: Encodable {
        let code: String
        let message: String
        let status: Int
    }
}
