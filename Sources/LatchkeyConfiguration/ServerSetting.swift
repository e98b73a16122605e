/// One of `latchkey-server`'s own options: its key under `server` in the file, its environment
/// variable, its flag, the kind of value it takes and its default. Every option is read in the same
/// order (the flag, then the variable, then the file, then the default) by ``ServerSettings``.
public struct ServerSetting: Sendable, Hashable {
    /// The kind of value an option takes, and the bounds a value must be within.
    public enum Kind: Sendable, Hashable {
        /// One line of text (an address, a URL, a command, a path).
        case text
        /// A whole number within the bounds.
        case count(ClosedRange<Int>)
        /// A duration within the bounds: whole seconds or a number and a unit (`10s`, `1m`).
        case duration(ClosedRange<Duration>)
        /// `true` or `false`; a flag turns it on, its `--no-` form off.
        case boolean
        /// A list of texts: an array in the file, a comma-separated variable, a repeated flag.
        case list
    }

    /// The option's name under `server`, in camelCase (`headerTimeout`).
    public let name: String
    /// The environment variable that sets it (`LATCHKEY_SERVER_HEADER_TIMEOUT`).
    public let variable: String
    /// The command-line flag that sets it (`--header-timeout`).
    public let flag: String
    /// What it takes.
    public let kind: Kind
    /// Its value when nothing sets it; nil when it has none (the server then decides, or goes without).
    public let defaultValue: ServerValue?

    /// The key a file uses, and errors name (`server.headerTimeout`).
    public var key: String { "server." + name }

    private init(
        _ name: String, _ kind: Kind, default defaultValue: ServerValue? = nil, flag: String? = nil,
        variable: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.variable = variable ?? LatchkeyConfiguration.variable(for: "server." + name)
        self.flag = flag ?? "--" + LatchkeyConfiguration.words(of: name).joined(separator: "-")
    }

    /// `HOST:PORT` to listen on.
    public static let listen = ServerSetting("listen", .text, default: .text("127.0.0.1:8080"))
    /// The database: a SQLite file or a `postgresql://` URL. Its variable is the CLI's own.
    public static let database = ServerSetting("database", .text, variable: "LATCHKEY_DATABASE")
    /// The installation's key file; beside a SQLite database when not named. Its variable is the
    /// CLI's own.
    public static let secretKeyFile = ServerSetting("secretKeyFile", .text, variable: "LATCHKEY_SECRET_KEY_FILE")
    /// Proxies (addresses or CIDR ranges) whose forwarded header is believed.
    public static let trustedProxies = ServerSetting(
        "trustedProxies", .list, default: .list([]), flag: "--trusted-proxy")
    /// The one header trusted proxies name the client in: `x-forwarded-for` or `forwarded`.
    public static let forwardedHeader = ServerSetting("forwardedHeader", .text, default: .text("x-forwarded-for"))
    /// Who may create accounts over HTTP: `open`, `invite` or `closed`.
    public static let registration = ServerSetting("registration", .text, default: .text("closed"))
    /// How long a request's head may take to arrive, from its first byte.
    public static let headerTimeout = ServerSetting("headerTimeout", seconds, default: .duration(.seconds(10)))
    /// How long a request's body may take to arrive, after its head.
    public static let bodyTimeout = ServerSetting("bodyTimeout", seconds, default: .duration(.seconds(10)))
    /// How long a kept-alive connection may sit idle before it is closed.
    public static let idleTimeout = ServerSetting("idleTimeout", seconds, default: .duration(.seconds(60)))
    /// Connections open at once; without it the server takes 1,000, or fewer under a lower file limit.
    public static let maxConnections = ServerSetting("maxConnections", .count(1...1_000_000))
    /// The origin browsers see (`https://auth.example.com`).
    public static let publicOrigin = ServerSetting("publicOrigin", .text)
    /// The passkeys' relying party ID: the public origin's host when not named, else a parent
    /// domain of it (`example.com` for `https://auth.example.com`).
    public static let rpId = ServerSetting("rpId", .text)
    /// Names the cookie `latchkey` without Secure, for plain-HTTP development only.
    public static let insecureCookie = ServerSetting("insecureCookie", .boolean, default: .boolean(false))
    /// The command that delivers reset and verification codes (run by `/bin/sh`).
    public static let deliverCommand = ServerSetting("deliverCommand", .text)
    /// How long a delivery command may run before it is killed.
    public static let deliverTimeout = ServerSetting(
        "deliverTimeout", .duration(.seconds(1)...(.seconds(300))), default: .duration(.seconds(10)))
    /// The page a reset link opens; the public origin's `/reset` when not named.
    public static let resetURL = ServerSetting("resetURL", .text)
    /// The page a verification link opens; the public origin's `/verify-email` when not named.
    public static let verifyURL = ServerSetting("verifyURL", .text)

    private static let seconds = Kind.duration(.seconds(1)...(.seconds(3_600)))

    /// Every option, in the order `--print-config` shows them.
    public static let all: [ServerSetting] = [
        listen, database, secretKeyFile, trustedProxies, forwardedHeader, registration, publicOrigin,
        rpId, insecureCookie, headerTimeout, bodyTimeout, idleTimeout, maxConnections, deliverCommand,
        deliverTimeout, resetURL, verifyURL,
    ]
}
