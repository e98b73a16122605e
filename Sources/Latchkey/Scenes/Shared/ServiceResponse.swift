/// A scene's Response that can say the service was unavailable.
protocol ServiceResponse {
    static func unavailable(_ problem: ServiceProblem) -> Self
}
