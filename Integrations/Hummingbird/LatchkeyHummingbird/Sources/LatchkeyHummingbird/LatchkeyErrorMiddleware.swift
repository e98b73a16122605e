import Hummingbird
import Latchkey

/// Wraps every Latchkey route: a thrown `LatchkeyError` is counted (throttled and overloaded
/// answers) and renders itself; a refused input renders itself; anything else (a bug, an error of
/// a library) becomes the one `internal` error object, never the framework's default answer nor
/// its details. Rendering here, inside the routes' group, keeps the answer a response for the
/// middleware outside (request metrics count it by status, not as an error).
struct LatchkeyErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: LatchkeyMetrics?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as LatchkeyError {
            metrics?.answered(error.code)
            return try error.response(from: request, context: context)
        } catch let refusal as ErrorResponse {
            return try refusal.response(from: request, context: context)
        } catch {
            return try ErrorResponse.internalError.response(from: request, context: context)
        }
    }
}
