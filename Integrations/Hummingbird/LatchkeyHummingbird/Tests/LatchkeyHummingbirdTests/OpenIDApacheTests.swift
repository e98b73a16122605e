import Foundation
import Hummingbird
import Latchkey
import Testing

@testable import LatchkeyTestSupport

/// Latchkey's OpenID provider with a relying party it did not write: the built latchkey-server, the
/// clients registered with the `latchkey` CLI, Apache httpd and mod_auth_openidc running the
/// shipped `examples/mod_auth_openidc.conf` in front of `ClaimsApplication`, and headless Chromium
/// (`Tests/Browser/oidc_apache.py`) going through sign-in, a second factor, consent and logout.
@Suite(.serialized, .onEveryEngine, .tags(.binary, .postgres)) struct OpenIDApacheTests {
    /// One browser run: a client, first-party or not, and what the script checks with it.
    struct Scenario {
        let name: String
        let client: String
        let firstParty: Bool
    }

    static let scenarios = [
        Scenario(name: "first-party", client: "wiki", firstParty: true),
        Scenario(name: "consent", client: "grafana", firstParty: false),
    ]

    @Test("mod_auth_openidc signs people in with Latchkey in Chromium: claims, second factor, consent, logout")
    func apacheSignsInThroughLatchkey() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-oidc-apache-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try ShippedApache.binary()
        _ = try SpawnedProvider.cliBinary()
        let database =
            switch try TestEngine.current.freshDatabase() {
            case .postgresql(let url): url
            default: folder.appendingPathComponent("latchkey.sqlite3").path
            }
        let provider = try await offThePool { try SpawnedProvider.start(database: database) }
        var runs: [(scenario: String, run: BrowserRun, apacheLog: String)] = []
        do {
            try await offThePool {
                try provider.register("alice")
                try provider.register("bob")
                _ = try provider.cli(["admin", "roles", "alice", "--add", "admin"])
            }
            let applicationPort = try FreePort.find()
            let application = ClaimsApplication.make(port: applicationPort)
            let serving = Task { try await application.runService(gracefulShutdownSignals: []) }
            defer { serving.cancel() }
            try await offThePool { try FreePort.waitUntilListening(applicationPort) }
            for scenario in Self.scenarios {
                runs.append(
                    try await Self.run(
                        scenario, provider: provider, upstream: "http://127.0.0.1:\(applicationPort)",
                        folder: folder.appendingPathComponent(scenario.name)))
            }
            serving.cancel()
            _ = await serving.result
        } catch {
            let log = (try? await offThePool { provider.stop() }) ?? ""
            Issue.record("latchkey-server's log:\n\(log)")
            throw error
        }
        let log = try await offThePool { provider.stop() }
        for (scenario, run, apacheLog) in runs {
            #expect(run.status == 0, "\(scenario):\n\(run.output)\nApache:\n\(apacheLog)\nlatchkey-server:\n\(log)")
            #expect(run.output.contains("browser: all checks passed"), "\(scenario): \(run.output)")
            // mod_auth_openidc had nothing to complain of: discovery, keys, tokens, logout.
            #expect(!apacheLog.contains(":error]"), "\(scenario): Apache:\n\(apacheLog)")
        }
    }

    /// Registers the scenario's client for an Apache on a free port, starts Apache on the shipped
    /// file and runs the browser script; its run and Apache's error log.
    private static func run(
        _ scenario: Scenario, provider: SpawnedProvider, upstream: String, folder: URL
    ) async throws -> (scenario: String, run: BrowserRun, apacheLog: String) {
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        var settings = ShippedApache.Settings()
        settings.issuer = provider.issuer
        settings.upstream = upstream
        settings.port = try FreePort.find()
        let chosen = settings
        let client = try await offThePool {
            try provider.addClient(
                scenario.client, redirectURI: chosen.redirectURI, postLogoutRedirectURI: chosen.signedOutURI,
                firstParty: scenario.firstParty)
        }
        settings.clientID = client.id
        settings.clientSecret = client.secret
        let apache = ShippedApache(folder: folder)
        let started = settings
        let running = try await offThePool { try apache.start(started) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser/oidc_apache.py").path
        var environment = ProcessInfo.processInfo.environment
        environment["LATCHKEY_BASE"] = provider.issuer
        environment["LATCHKEY_PASSWORD"] = TestServer.password
        environment["LATCHKEY_COOKIE"] = "latchkey"
        environment["OIDC_APP"] = settings.origin
        environment["OIDC_SCENARIO"] = scenario.name
        let browser = environment
        let run: BrowserRun
        do {
            run = try await offThePool { try BrowserRun(script: script, environment: browser) }
        } catch {
            _ = try? await offThePool { ShippedApache.stop(running) }
            throw error
        }
        _ = try? await offThePool { ShippedApache.stop(running) }
        return (scenario.name, run, apache.errorLog)
    }
}
