import Foundation
import Hummingbird
import Latchkey
import LatchkeyConfiguration
import LatchkeyHummingbird

/// What the server's settings name, as the server's own types: each value of ``ServerSettings``
/// checked for what it must name (an address to listen on, CIDR ranges, one of a few choices), a
/// value that names nothing refused with its key and its source.
struct ServerOptions {
    let host: String
    let port: Int
    let database: String?
    let secretKeyFile: String?
    let http: LatchkeyHTTPOptions
    let limits: ConnectionLimits
    let deliverCommand: String?
    let deliverTimeout: Duration
    /// The pages reset and verification links open: the named ones, else the public origin's.
    let resetURL: String?
    let verifyURL: String?
    /// Where passkeys are used: the public origin, scoped to `rpId` or the origin's host; nil (passkeys
    /// off) without a public origin, or with one a browser would not run WebAuthn on.
    let relyingParty: RelyingParty?
    private let settings: ServerSettings

    /// Descriptors kept back from the connection cap: the listener, the database and its journal,
    /// delivery commands' pipes, logging.
    static let reservedFiles = 64

    /// Checks `settings`; `fileLimit` (`ulimit -n`) bounds the connections.
    init(_ settings: ServerSettings, fileLimit: Int) throws(ConfigurationError) {
        self.settings = settings
        let listen = Self.value(settings, .listen)
        guard let (host, port) = Self.hostAndPort(listen.text ?? "") else {
            throw listen.refusal(of: .listen, "\"\(listen.value)\" is not HOST:PORT")
        }
        self.host = host
        self.port = port
        database = settings[.database]?.text
        secretKeyFile = settings[.secretKeyFile]?.text
        let proxies = Self.value(settings, .trustedProxies)
        var ranges: [AddressRange] = []
        for item in proxies.list ?? [] {
            guard let range = AddressRange(item) else {
                throw proxies.refusal(of: .trustedProxies, "\"\(item)\" is not an address or a CIDR range")
            }
            ranges.append(range)
        }
        let header: ForwardedHeader = try Self.choice(settings, .forwardedHeader)
        let registration: LatchkeyHTTPOptions.Registration = try Self.choice(settings, .registration)
        let publicOrigin = settings[.publicOrigin]?.text
        relyingParty = try Self.relyingParty(settings, publicOrigin: publicOrigin)
        http = LatchkeyHTTPOptions(
            trustedProxies: ranges, forwardedHeader: header, publicOrigin: publicOrigin,
            insecureCookie: Self.value(settings, .insecureCookie).boolean == true, registration: registration)
        let most = max(1, fileLimit - Self.reservedFiles)
        var connections = min(1_000, most)
        if let given = settings[.maxConnections], let count = given.count {
            guard count <= most else {
                throw given.refusal(
                    of: .maxConnections, "\(count) is outside 1...\(most) (the open-file limit is \(fileLimit))")
            }
            connections = count
        }
        limits = ConnectionLimits(
            headerTimeout: Self.duration(settings, .headerTimeout),
            bodyTimeout: Self.duration(settings, .bodyTimeout),
            idleTimeout: Self.duration(settings, .idleTimeout),
            maximumConnections: connections)
        deliverCommand = settings[.deliverCommand]?.text
        deliverTimeout = Self.duration(settings, .deliverTimeout)
        resetURL = settings[.resetURL]?.text ?? publicOrigin.map { $0 + "/reset" }
        verifyURL = settings[.verifyURL]?.text ?? publicOrigin.map { $0 + "/verify-email" }
    }

    /// Every option with its effective value and where it came from, one per line, for
    /// `--print-config`: the database URL's password as `***`, the key file by its path alone.
    func describe() -> [String] {
        ServerSetting.all.map { setting in
            let given = settings[setting]
            let shown: String
            switch setting {
            case .database: shown = given?.text.map(Self.redacted) ?? "(none)"
            case .secretKeyFile: shown = given?.text ?? "(beside the database)"
            case .maxConnections: shown = String(limits.maximumConnections)
            case .resetURL: shown = resetURL ?? "(none)"
            case .verifyURL: shown = verifyURL ?? "(none)"
            case .rpId: shown = relyingParty?.id ?? "(none: passkeys off)"
            default: shown = given.map { $0.value.description } ?? "(none)"
            }
            return "\(setting.key) = \(shown)  (\(given?.source ?? "default"))"
        }
    }

    /// The relying party of `publicOrigin`: its host as the RP ID unless `rpId` names a parent
    /// domain of it. An `rpId` that is neither, or that has no public origin to belong to, is refused.
    private static func relyingParty(_ settings: ServerSettings, publicOrigin: String?) throws(ConfigurationError)
        -> RelyingParty?
    {
        guard let given = settings[.rpId], let id = given.text else {
            return publicOrigin.flatMap { RelyingParty(origin: $0) }
        }
        guard let publicOrigin else {
            throw given.refusal(of: .rpId, "a relying party ID needs a public origin (server.publicOrigin)")
        }
        guard let own = RelyingParty(origin: publicOrigin) else {
            throw given.refusal(
                of: .rpId, "passkeys need a public origin of https:// (or http://localhost), not \(publicOrigin)")
        }
        // A top-level domain ("com") is never a registrable parent; browsers refuse it.
        guard let party = RelyingParty(id: id, origins: [publicOrigin]), party.id.contains(".") || party.id == own.id
        else {
            throw given.refusal(
                of: .rpId, "\"\(id)\" is not the host of \(publicOrigin) nor a parent domain of it")
        }
        return party
    }

    /// The value of a setting that has a default.
    private static func value(_ settings: ServerSettings, _ setting: ServerSetting) -> SourcedValue {
        guard let value = settings[setting] else { preconditionFailure("\(setting.key) has no default") }
        return value
    }

    /// The duration of a duration setting that has a default.
    private static func duration(_ settings: ServerSettings, _ setting: ServerSetting) -> Duration {
        guard let time = value(settings, setting).duration else { preconditionFailure("\(setting.key) is no duration") }
        return time
    }

    /// The case of `Choice` a text setting names.
    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ settings: ServerSettings, _ setting: ServerSetting
    ) throws(ConfigurationError) -> Choice where Choice.RawValue == String {
        let given = value(settings, setting)
        guard let choice = given.text.flatMap(Choice.init(rawValue:)) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw given.refusal(of: setting, "\"\(given.value)\" is not one of \(names)")
        }
        return choice
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
