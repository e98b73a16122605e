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
              latchkey-server --config /etc/latchkey/latchkey.json --print-config
            """,
        version: "latchkey-server \(LatchkeyRelease.version)")

    @Option(
        help: """
            A JSON file of settings: the server's options under "server", every policy number under "policy" \
            (default: $LATCHKEY_CONFIG). A flag comes before its LATCHKEY_SERVER_ variable, which comes \
            before the file.
            """)
    var config: String?

    @Flag(help: "Print the effective configuration, each value with where it came from, and exit.")
    var printConfig = false

    @Option(help: ArgumentHelp("HOST:PORT to listen on (default: 127.0.0.1:8080).", valueName: "host:port"))
    var listen: String?

    @Option(help: "The database: a SQLite file or a postgresql:// URL (default: $LATCHKEY_DATABASE).")
    var database: String?

    @Option(
        help: ArgumentHelp(
            "The installation's key file (default: $LATCHKEY_SECRET_KEY_FILE, else beside a SQLite database).",
            valueName: "path"))
    var secretKeyFile: String?

    @Option(help: "A proxy (CIDR or address) whose forwarded header is believed; repeatable.")
    var trustedProxy: [String] = []

    @Option(
        help:
            "The one header trusted proxies name the client in: x-forwarded-for (default) or forwarded (the other is never read)."
    )
    var forwardedHeader: String?

    @Option(
        help:
            """
            open: anyone may register over HTTP (limited per address); invite: only with a code from \
            'latchkey admin invite'; closed (default): only the operator creates accounts.
            """
    )
    var registration: String?

    @Option(
        help: ArgumentHelp(
            "How long a request's head may take to arrive, from its first byte: seconds or e.g. 10s (default).",
            valueName: "duration"))
    var headerTimeout: String?

    @Option(
        help: ArgumentHelp(
            "How long a request's body may take to arrive, after its head (default: 10s).", valueName: "duration"))
    var bodyTimeout: String?

    @Option(
        help: ArgumentHelp(
            "How long a kept-alive connection may sit idle before it is closed (default: 60s).", valueName: "duration"))
    var idleTimeout: String?

    @Option(
        help: ArgumentHelp(
            "Connections open at once (default: 1000, or fewer when the file limit is lower).", valueName: "count"))
    var maxConnections: String?

    @Option(
        help: """
            The origin browsers see, e.g. https://auth.example.com (trusted by the cross-origin check; \
            passkeys are bound to it).
            """)
    var publicOrigin: String?

    @Option(
        help: ArgumentHelp(
            "The passkeys' relying party ID: a parent domain of the public origin's host (default: that host).",
            valueName: "domain"))
    var rpId: String?

    @Flag(
        inversion: .prefixedNo,
        help: "Name the cookie 'latchkey' without Secure, for plain-HTTP development only (default: off).")
    var insecureCookie: Bool?

    @Option(
        help:
            "A command that delivers reset and verification codes: run by /bin/sh with one JSON object on stdin per message."
    )
    var deliverCommand: String?

    @Option(
        help: ArgumentHelp(
            "How long a delivery command may run before it is killed, and the delivery counted failed (default: 10s).",
            valueName: "duration"))
    var deliverTimeout: String?

    @Option(help: "The page a reset link opens (default: the public origin's /reset); ?token=… is appended.")
    var resetURL: String?

    @Option(help: "The page a verification link opens (default: the public origin's /verify-email).")
    var verifyURL: String?

    /// The flags given, by the name of their setting, for the configuration to put before the rest.
    var flags: [String: [String]] {
        var flags: [String: [String]] = [:]
        let single: [(ServerSetting, String?)] = [
            (.listen, listen), (.database, database), (.secretKeyFile, secretKeyFile),
            (.forwardedHeader, forwardedHeader), (.registration, registration), (.headerTimeout, headerTimeout),
            (.bodyTimeout, bodyTimeout), (.idleTimeout, idleTimeout), (.maxConnections, maxConnections),
            (.publicOrigin, publicOrigin), (.rpId, rpId), (.insecureCookie, insecureCookie.map { String($0) }),
            (.deliverCommand, deliverCommand), (.deliverTimeout, deliverTimeout), (.resetURL, resetURL),
            (.verifyURL, verifyURL),
        ]
        for case (let setting, let value?) in single { flags[setting.name] = [value] }
        if !trustedProxy.isEmpty { flags[ServerSetting.trustedProxies.name] = trustedProxy }
        return flags
    }

    func run() async throws {
        var logger = Logger(label: "latchkey-server")
        logger.logLevel = .info
        let settings: LatchkeyConfiguration
        let options: ServerOptions
        do {
            let environment = ProcessInfo.processInfo.environment
            let file = config ?? environment[LatchkeyConfiguration.fileVariable].flatMap { $0.isEmpty ? nil : $0 }
            settings = try LatchkeyConfiguration(file: file, environment: environment, flags: flags)
            options = try ServerOptions(settings.server, fileLimit: Self.fileLimit())
        } catch {
            FileHandle.standardError.write(Data("latchkey-server: configuration refused: \(error)\n".utf8))
            throw ExitCode(78)
        }
        if printConfig {
            print((options.describe() + settings.describe()).joined(separator: "\n"))
            return
        }
        guard let path = options.database else {
            FileHandle.standardError.write(
                Data(
                    ("latchkey-server: name the database with --database, LATCHKEY_DATABASE or server.database "
                        + "in the configuration file.\n").utf8))
            throw ExitCode(64)
        }
        let location = DatabaseLocation(parsing: path)
        var workers: LatchkeyWorkers
        do {
            let secret = options.secretKeyFile.map { InstallationSecret(keyFile: $0) }
            workers = LatchkeyWorkers(
                database: try DatabaseWorker(location), policy: settings.policy, secret: secret,
                delivery: delivery(options))
            workers.relyingParty = options.relyingParty
            workers.issuer = options.http.publicOrigin
            try workers.checkInstallationKey()
        } catch {
            FileHandle.standardError.write(Data("latchkey-server: cannot use the database: \(error)\n".utf8))
            throw ExitCode(74)
        }
        let service = LatchkeyService(workers: workers, logger: logger)
        if let origin = options.http.publicOrigin, options.relyingParty == nil {
            logger.notice("Passkeys are off: the public origin \(origin) is not https:// (nor http://localhost).")
        }
        // One registry for Latchkey's counters and Hummingbird's request metrics (through
        // swift-metrics), written out by GET /metrics.
        let metrics = LatchkeyMetrics()
        MetricsSystem.bootstrap(metrics.factory)
        let router = Router(context: LatchkeyRequestContext.self)
        router.middlewares.add(MetricsMiddleware())
        LatchkeyRoutes<LatchkeyRequestContext>(service: service, options: options.http, metrics: metrics).add(
            to: router)
        let app = Application(
            router: router, server: options.limits.server,
            configuration: options.limits.applied(
                to: .init(address: .hostname(options.host, port: options.port), serverName: "latchkey-server")),
            logger: logger)
        // After the last request: queued messages get the delivery timeout to go out; the rest are
        // audited as dropped and running delivery commands are killed with their process groups.
        do {
            try await app.runService()
        } catch {
            await service.shutdown(grace: options.deliverTimeout)
            throw error
        }
        await service.shutdown(grace: options.deliverTimeout)
    }

    /// The delivery command, with links to the reset and verification pages; none without a command.
    func delivery(_ options: ServerOptions) -> any MessageDelivery {
        guard let command = options.deliverCommand else { return NoDelivery() }
        var pages: [OutgoingMessage.Kind: String] = [:]
        pages[.passwordReset] = options.resetURL
        pages[.emailVerification] = options.verifyURL
        return CommandDelivery(command: command, timeout: options.deliverTimeout, linkBases: pages)
    }

    /// The soft limit on open files (`ulimit -n`).
    static func fileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        // RLIM_INFINITY is all ones; Swift does not import the macro as a value.
        return limit.rlim_cur == rlim_t.max ? Int.max / 2 : Int(clamping: limit.rlim_cur)
    }
}
