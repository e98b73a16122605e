import Foundation
import HTTPTypes
import Hummingbird
import Latchkey
import NIOCore

/// The one error object every route answers with: `{"error": {"code", "message", "status"}}` (the
/// CLI's JSON error object, with the HTTP status where the CLI has its exit code), never a stack
/// trace or SQL.
struct ErrorResponse {
    /// The status of each stable code.
    static func status(of code: LatchkeyError.Code) -> HTTPResponse.Status {
        switch code {
        case .invalidCredentials, .notSignedIn, .sessionExpired, .secondFactorRequired: .unauthorized
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

    /// Seconds a client should wait before trying again, for the codes that say so.
    static func retryAfter(_ code: LatchkeyError.Code) -> Int? {
        switch code {
        case .overloaded, .busy: 1
        case .unavailable: 5
        case .throttled: 60
        default: nil
        }
    }

    /// The error object for `error`, at its code's status and Retry-After unless given others.
    static func response(
        _ error: LatchkeyError, status: HTTPResponse.Status? = nil, retryAfter seconds: Int? = nil
    ) -> Response {
        let status = status ?? Self.status(of: error.code)
        var headers = HTTPFields()
        if let seconds = seconds ?? retryAfter(error.code) { headers[.retryAfter] = String(seconds) }
        return JSONResponse.make(
            ["error": Body(code: error.code.rawValue, message: error.message, status: Int(status.code))],
            status: status, headers: headers)
    }

    /// A request the routes refused before Latchkey saw it (malformed JSON, a huge body…).
    static func badRequest(_ message: String, status: HTTPResponse.Status = .badRequest) -> Response {
        response(LatchkeyError(code: .invalidInput, message: message), status: status)
    }

    struct Body: Encodable {
        let code: String
        let message: String
        let status: Int
    }
}

/// JSON bodies with dates in ISO 8601, as the CLI writes them.
enum JSONResponse {
    static func make(
        _ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = HTTPFields()
    ) -> Response {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let data =
            (try? encoder.encode(value)) ?? Data(#"{"error":{"code":"internal","message":"Internal error."}}"#.utf8)
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
