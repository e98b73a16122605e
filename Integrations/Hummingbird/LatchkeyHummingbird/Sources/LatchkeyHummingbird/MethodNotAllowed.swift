import HTTPTypes
import Hummingbird
import Latchkey

/// A `/v1` path asked with a method it does not take: 405 with Allow and the one error object,
/// where the router alone answers an empty 404, as if the path did not exist.
struct MethodNotAllowed {
    /// The methods a client may try on a path (QUERY, the safe method with a body, among them); any
    /// other is the router's 404.
    static let methods: [HTTPRequest.Method] = [
        .get, .head, .post, .put, .patch, .delete, .options, .trace, HTTPRequest.Method("QUERY")!,
    ]

    /// Answers 405 on every `/v1` path of `router` for each method of `methods` it does not take.
    /// HEAD is left alone where the path takes GET.
    static func add<Context: RequestContext>(to router: Router<Context>) {
        var taken: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
        for route in router.routes where route.path.description.hasPrefix("/v1/") {
            taken[route.path.description, default: (route.path, [])].methods.insert(route.method)
        }
        for (path, served) in taken.values {
            let allow = methods.filter(served.contains).map(\.rawValue).joined(separator: ", ")
            let refusal = ErrorResponse(
                LatchkeyError(code: .invalidInput, message: "This path takes only \(allow)."),
                status: .methodNotAllowed, retryAfter: nil)
            for method in methods where !served.contains(method) && !(method == .head && served.contains(.get)) {
                router.on(path, method: method) { request, context in
                    var response = try refusal.response(from: request, context: context)
                    response.headers[.allow] = allow
                    return response
                }
            }
        }
    }
}
