import HTTPTypes
import Hummingbird
import Latchkey
import NIOCore
public import Prometheus

/// What the routes count, written in Prometheus's text format by `GET /metrics`: sign-ins by
/// outcome, answers refused as throttled or overloaded, and the hashing lane's load (read when
/// scraped). Request latency comes from Hummingbird's `MetricsMiddleware` through swift-metrics:
/// bootstrap `MetricsSystem` with `factory` (as `latchkey-server` does) and it lands in the same
/// registry.
public struct LatchkeyMetrics: Sendable {
    /// Where every metric lives.
    public let registry: PrometheusCollectorRegistry
    /// The swift-metrics factory over `registry`, for `MetricsSystem.bootstrap`.
    public let factory: PrometheusMetricsFactory
    private let throttled: Counter
    private let overloaded: Counter
    private let hashingWaiting: Gauge
    private let hashingBusy: Gauge

    /// Metrics in `registry` (a new one unless given).
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        factory = PrometheusMetricsFactory(registry: registry)
        throttled = registry.makeCounter(
            descriptor: Self.name("throttled", "total", "Requests refused by the sign-in throttle (HTTP 429)."))
        overloaded = registry.makeCounter(
            descriptor: Self.name(
                "overloaded", "total", "Requests refused because the hashing queue was full (HTTP 503)."))
        hashingWaiting = registry.makeGauge(
            descriptor: Self.name(
                "hashing_queue", "depth", "Sign-ins and registrations waiting for a hashing thread."))
        hashingBusy = registry.makeGauge(
            descriptor: Self.name("hashing", "in_progress", "Sign-ins and registrations being hashed now."))
    }

    /// One step of a sign-in (`password`, `passkey` or `second_factor`) that ended as `outcome`: a sign-in
    /// status (`signed_in`, `second_factor_required`, `password_change_required`) or an error code.
    func signIn(step: String, _ outcome: String) {
        registry.makeCounter(
            descriptor: Self.name("sign_ins", "total", "Sign-in steps by outcome (a status, or the error code)."),
            labels: [("step", step), ("outcome", outcome)]
        ).increment()
    }

    /// `latchkey_NAME_UNIT`, with its help line.
    private static func name(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "latchkey", metricName: name, unitName: unit, helpText: help)
    }

    /// A request answered with `code`: counted when it is a refusal worth watching.
    func answered(_ code: LatchkeyError.Code) {
        switch code {
        case .throttled: throttled.increment()
        case .overloaded: overloaded.increment()
        default: break
        }
    }

    /// The registry in the text format, with the lane's load as it is now.
    func exposition(of service: LatchkeyService) -> Response {
        hashingWaiting.set(to: Double(service.signInsWaiting))
        hashingBusy.set(to: Double(service.signInsHashing))
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
    }
}
