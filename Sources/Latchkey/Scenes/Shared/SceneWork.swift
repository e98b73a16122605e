/// Runs an interactor's work and turns what it throws into its Response: written once for every scene.
enum SceneWork {
    /// `body`'s response, or `.unavailable` for any Worker failure.
    static func respond<Response: ServiceResponse>(_ body: () throws -> Response) -> Response {
        do { return try body() } catch { return .unavailable(ServiceProblem.from(error)) }
    }

    /// The same, and a refused session becomes `.sessionRefused`.
    static func respond<Response: SessionScopedResponse>(_ body: () throws -> Response) -> Response {
        do { return try body() } catch let problem as SessionProblem { return .sessionRefused(problem) } catch {
            return .unavailable(ServiceProblem.from(error))
        }
    }
}
