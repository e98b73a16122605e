import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import LatchkeyHummingbird
import LatchkeyTestSupport
import Testing

/// The shipped `examples/Caddyfile`, run by a real Caddy in front of a live server: Caddy asks
/// `/v1/auth` before every request, hands the application the user it answered, and a client's own
/// forwarded headers never choose the address the server records.
@Suite(.serialized, .tags(.binary)) struct CaddyForwardAuthTests {
    @Test func caddyLetsOnlySignedInRequestsThroughAndNoClientChoosesItsAddress() async throws {
        let server = try TestServer(
            options: LatchkeyHTTPOptions(trustedProxies: [AddressRange("127.0.0.1")!], registration: .open))
        try await server.application(port: 0).test(.live) { client in
            let appPort = try #require(client.port)
            let token = try await client.signedIn("alice")
            let caddy = try Caddy(latchkeyPort: appPort, applicationPort: appPort)
            defer { caddy.stop() }

            #expect(try await caddy.proxy.get("/hello", token: nil).status == 401)
            let signedIn = try await caddy.proxy.get("/hello", token: token, headers: ["X-Latchkey-User": "root"])
            #expect(signedIn.status == 200)
            #expect(signedIn.body == "upstream saw alice")

            let spoofed = ["Forwarded": "for=203.0.113.9", "X-Forwarded-For": "203.0.113.9"]
            let login = try await caddy.proxy.request(
                "POST", "/v1/login", token: nil, headers: spoofed.merging(["Content-Type": "application/json"]) { $1 },
                body: #"{"username": "alice", "password": "\#(TestServer.password)"}"#)
            #expect(login.status == 200)
            let sessions = try await caddy.proxy.request("GET", "/v1/sessions", token: token, headers: spoofed)
            let listed = try JSONSerialization.jsonObject(with: Data(sessions.body.utf8)) as? [String: Any]
            let addresses = (listed?["sessions"] as? [[String: Any]] ?? []).compactMap { $0["address"] as? String }
            #expect(addresses.count == 2)
            #expect(!addresses.contains("203.0.113.9"))
        }
    }
}

/// A throwaway Caddy: the example's site block, its ports rewritten, with its admin endpoint off,
/// its state in a temporary folder.
struct Caddy {
    let proxy: ProxyClient
    let process: Spawned

    init(latchkeyPort: Int, applicationPort: Int) throws {
        guard
            let binary = ["/usr/bin/caddy", "/usr/local/bin/caddy"].first(where: FileManager.default.isExecutableFile)
        else {
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "caddy is not installed (apt-get install caddy)"]
            )
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "latchkey-caddy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = try FreePort.find()
        let site = try String(contentsOf: Nginx.examples.appendingPathComponent("Caddyfile"), encoding: .utf8)
            .replacingOccurrences(of: ":8000 {", with: "http://127.0.0.1:\(port) {")
            .replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(latchkeyPort)")
            .replacingOccurrences(of: "127.0.0.1:3000", with: "127.0.0.1:\(applicationPort)")
        let file = folder.appendingPathComponent("Caddyfile")
        try ("{\n\tadmin off\n\tauto_https off\n}\n" + site).write(to: file, atomically: true, encoding: .utf8)
        process = try Spawned(
            binary, ["run", "--config", file.path, "--adapter", "caddyfile"],
            environment: ["HOME": folder.path, "XDG_DATA_HOME": folder.path, "XDG_CONFIG_HOME": folder.path])
        try FreePort.waitUntilListening(port)
        proxy = ProxyClient(folder: folder, port: port)
    }

    func stop() {
        _ = process.stop(SIGTERM)
        try? FileManager.default.removeItem(at: proxy.folder)
    }
}
