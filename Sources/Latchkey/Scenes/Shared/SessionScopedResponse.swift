/// A scene's Response that can say its session was refused.
protocol SessionScopedResponse: ServiceResponse {
    static func sessionRefused(_ problem: SessionProblem) -> Self
}
