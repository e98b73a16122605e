import ArgumentParser
import Foundation
import Hummingbird
import Latchkey
import LatchkeyConfiguration
import LatchkeyHummingbird
import Logging
import Metrics

/// `latchkey-server`: Latchkey's routes, forward-auth and sign-in page over HTTP. SIGTERM (or
/// SIGINT) stops accepting, lets requests in flight finish, and exits 0.
@main
struct LatchkeyServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latchkey-server",
        abstract: "Serve Latchkey's accounts over HTTP, with a forward-auth endpoint for nginx, Traefik and Caddy.",
        discussion: """
            Examples:
              latchkey-server --database /var/lib/latchkey/users.sqlite3
              latchkey-server --listen 0.0.0.0:8080 --trusted-proxy 10.0.0.0/8 --public-origin https://auth.example.com
              latchkey-server --database users.sqlite3 --deliver-command /usr/local/bin/send-latchkey-mail
            """,
        version: "latchkey-server \(LatchkeyRelease.version)")

    @Option(help: "A JSON file of settings: every policy number under \"policy\" (default: $LATCHKEY_CONFIG).")
    var config: String?

    @Flag(help: "Print the effective configuration, each value with where it came from, and exit.")
    var printConfig = false

    @Option(help: "HOST:PORT to listen on.")
    var listen = "127.0.0.1:8080"

    @Option(help: "The database: a SQLite file or a postgresql:// URL (default: $LATCHKEY_DATABASE).")
    var database: String?

    @Option(help: "A proxy (CIDR or address) whose forwarded header is believed; repeatable.")
    var trustedProxy: [String] = []

    @Option(
        help:
            "The one header trusted proxies name the client in: x-forwarded-for or forwarded (the other is never read)."
    )
    var forwardedHeader = ForwardedHeader.xForwardedFor.rawValue

    @Option(
        help:
            """
            open: anyone may register over HTTP (limited per address); invite: only with a code from \
            'latchkey admin invite'; closed: only the operator creates accounts.
            """
    )
    var registration = LatchkeyHTTPOptions.Registration.closed.rawValue

    @Option(help: "Seconds a request's head may take to arrive, from its first byte.")
    var headerTimeout = 10

    @Option(help: "Seconds a request's body may take to arrive, after its head.")
    var bodyTimeout = 10

    @Option(help: "Seconds a kept-alive connection may sit idle before it is closed.")
    var idleTimeout = 60

    @Option(help: "Connections open at once (default: 1000, or fewer when the file limit is lower).")
    var maxConnections: Int?

    @Option(help: "The origin browsers see, e.g. https://auth.example.com (trusted by the cross-origin check).")
    var publicOrigin: String?

    @Flag(help: "Name the cookie 'latchkey' without Secure, for plain-HTTP development only.")
    var insecureCookie = false

    @Option(
        help:
            "A command that delivers reset and verification codes: run by /bin/sh with one JSON object on stdin per message."
    )
    var deliverCommand: String?

    @Option(help: "Seconds a delivery command may run before it is killed (and the delivery counted failed).")
    var deliverTimeout = 10

    @Option(help: "The page a reset link opens (default: the public origin's /reset); ?token=… is appended.")
    var resetURL: String?

    @Option(help: "The page a verification link opens (default: the public origin's /verify-email).")
    var verifyURL: String?

    mutating func validate() throws {
        guard Self.hostAndPort(listen) != nil else { throw ValidationError("--listen takes HOST:PORT.") }
        for range in trustedProxy where AddressRange(range) == nil {
            throw ValidationError("--trusted-proxy \(range) is not an address or a CIDR range.")
        }
        guard ForwardedHeader(rawValue: forwardedHeader) != nil else {
            throw ValidationError("--forwarded-header takes x-forwarded-for or forwarded.")
        }
        guard LatchkeyHTTPOptions.Registration(rawValue: registration) != nil else {
            throw ValidationError("--registration takes open, invite or closed.")
        }
        for (name, seconds) in [("header", headerTimeout), ("body", bodyTimeout), ("idle", idleTimeout)]
        where !(1...3_600).contains(seconds) {
            throw ValidationError("--\(name)-timeout takes 1 to 3600 seconds.")
        }
        let files = Self.fileLimit()
        if let maxConnections, !(1...max(1, files - Self.reservedFiles)).contains(maxConnections) {
            throw ValidationError(
                "--max-connections takes 1 to \(max(1, files - Self.reservedFiles)) (the open-file limit is \(files)).")
        }
        guard (1...300).contains(deliverTimeout) else {
            throw ValidationError("--deliver-timeout takes 1 to 300 seconds.")
        }
        if !printConfig && database == nil && ProcessInfo.processInfo.environment["LATCHKEY_DATABASE"] == nil {
            throw ValidationError("Name the database with --database or LATCHKEY_DATABASE.")
        }
    }

    func run() async throws {
        var logger = Logger(label: "latchkey-server")
        logger.logLevel = .info
        let path = database ?? ProcessInfo.processInfo.environment["LATCHKEY_DATABASE"] ?? ""
        let settings: LatchkeyConfiguration
        do {
            let environment = ProcessInfo.processInfo.environment
            let file = config ?? environment[LatchkeyConfiguration.fileVariable].flatMap { $0.isEmpty ? nil : $0 }
            settings = try LatchkeyConfiguration(file: file, environment: environment)
        } catch {
            FileHandle.standardError.write(Data("latchkey-server: configuration refused: \(error)\n".utf8))
            throw ExitCode(78)
        }
        if printConfig {
            let server = [
                "server.listen = \(listen)", "server.database = \(Self.redacted(path))",
                "server.registration = \(registration)",
                "server.trustedProxies = \(trustedProxy.joined(separator: ","))",
                "server.publicOrigin = \(publicOrigin ?? "")",
            ]
            print((server + settings.describe()).joined(separator: "\n"))
            return
        }
        let location = DatabaseLocation(parsing: path)
        let workers: LatchkeyWorkers
        do {
            let secret =
                ProcessInfo.processInfo.environment["LATCHKEY_SECRET_KEY_FILE"].map { InstallationSecret(keyFile: $0) }
            workers = LatchkeyWorkers(
                database: try DatabaseWorker(location), policy: settings.policy, secret: secret, delivery: delivery())
            try workers.checkInstallationKey()
        } catch {
            FileHandle.standardError.write(Data("latchkey-server: cannot use the database: \(error)\n".utf8))
            throw ExitCode(74)
        }
        let service = LatchkeyService(workers: workers, logger: logger)
        let options = LatchkeyHTTPOptions(
            trustedProxies: trustedProxy.compactMap(AddressRange.init),
            forwardedHeader: ForwardedHeader(rawValue: forwardedHeader) ?? .xForwardedFor, publicOrigin: publicOrigin,
            insecureCookie: insecureCookie,
            registration: LatchkeyHTTPOptions.Registration(rawValue: registration) ?? .closed)
        let limits = ConnectionLimits(
            headerTimeout: .seconds(headerTimeout), bodyTimeout: .seconds(bodyTimeout),
            idleTimeout: .seconds(idleTimeout),
            maximumConnections: maxConnections ?? max(1, min(1_000, Self.fileLimit() - Self.reservedFiles)))
        // One registry for Latchkey's counters and Hummingbird's request metrics (through
        // swift-metrics), written out by GET /metrics.
        let metrics = LatchkeyMetrics()
        MetricsSystem.bootstrap(metrics.factory)
        let router = Router(context: LatchkeyRequestContext.self)
        router.middlewares.add(MetricsMiddleware())
        LatchkeyRoutes<LatchkeyRequestContext>(service: service, options: options, metrics: metrics).add(to: router)
        let (host, port) = Self.hostAndPort(listen)!
        let app = Application(
            router: router, server: limits.server,
            configuration: limits.applied(
                to: .init(address: .hostname(host, port: port), serverName: "latchkey-server")),
            logger: logger)
        // After the last request: queued messages get the delivery timeout to go out; the rest are
        // audited as dropped and running delivery commands are killed with their process groups.
        do {
            try await app.runService()
        } catch {
            await service.shutdown(grace: .seconds(deliverTimeout))
            throw error
        }
        await service.shutdown(grace: .seconds(deliverTimeout))
    }

    /// The delivery command, with links to the reset and verification pages; none without a command.
    func delivery() -> any MessageDelivery {
        guard let deliverCommand else { return NoDelivery() }
        var pages: [OutgoingMessage.Kind: String] = [:]
        pages[.passwordReset] = resetURL ?? publicOrigin.map { $0 + "/reset" }
        pages[.emailVerification] = verifyURL ?? publicOrigin.map { $0 + "/verify-email" }
        return CommandDelivery(command: deliverCommand, timeout: .seconds(deliverTimeout), linkBases: pages)
    }

    /// Descriptors kept back from the connection cap: the listener, the database and its journal,
    /// delivery commands' pipes, logging.
    static let reservedFiles = 64

    /// The soft limit on open files (`ulimit -n`).
    static func fileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        // RLIM_INFINITY is all ones; Swift does not import the macro as a value.
        return limit.rlim_cur == rlim_t.max ? Int.max / 2 : Int(clamping: limit.rlim_cur)
    }

    static func hostAndPort(_ text: String) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65_535).contains(port)
        else { return nil }
        let host = text[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return host.isEmpty ? nil : (host, port)
    }

    /// `url` with any password replaced by `***` (a PostgreSQL URL's `user:password@`, or its
    /// `password=` parameter), for printing.
    static func redacted(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@"),
            let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
        {
            text.replaceSubrange(text.index(after: colon)..<at, with: "***")
        }
        return text.replacing(/password=[^&]*/, with: "password=***")
    }
}
