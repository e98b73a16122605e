import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Latchkey
import LatchkeyHummingbird
import LatchkeyTestSupport
import Testing

/// The shipped `examples/nginx.conf`, run by a real nginx in front of a live server: nginx asks
/// `/v1/auth` before every request and hands the application the user it answered.
@Suite(.serialized, .tags(.binary)) struct NginxForwardAuthTests {
    @Test func nginxLetsOnlySignedInRequestsThroughAndTellsTheUpstreamWho() async throws {
        let server = try TestServer()
        try await server.application(port: 0).test(.live) { client in
            let appPort = try #require(client.port)
            let token = try await client.signedIn("alice")
            let nginx = try Nginx(example: Nginx.examples, latchkeyPort: appPort, applicationPort: appPort)
            defer { nginx.stop() }

            let anonymous = try await nginx.get("/hello", token: nil)
            #expect(anonymous.status == 401)
            let signedIn = try await nginx.get("/hello", token: token)
            #expect(signedIn.status == 200)
            #expect(signedIn.body == "upstream saw alice")
            // A client cannot name itself: nginx sets the header from the check's answer.
            let forged = try await nginx.get("/hello", token: token, headers: ["X-Latchkey-User": "root"])
            #expect(forged.body == "upstream saw alice")
            #expect(try await nginx.get("/hello", token: nil, headers: ["X-Latchkey-User": "root"]).status == 401)
            // The JSON routes pass through to latchkey-server itself.
            let me = try await nginx.get("/v1/me", token: token)
            #expect(me.status == 200 && me.body.contains("\"username\":\"alice\""))
        }
    }
}

/// The shipped example as the README deploys it (`--trusted-proxy 127.0.0.1`): the client's own
/// forwarded headers never choose the address the server records and throttles.
@Suite(.serialized, .tags(.binary)) struct NginxClientAddressTests {
    @Test func aClientsOwnForwardedHeadersNeverChooseItsAddressThroughNginx() async throws {
        let server = try TestServer(
            options: LatchkeyHTTPOptions(trustedProxies: [AddressRange("127.0.0.1")!], registration: .open))
        try await server.application(port: 0).test(.live) { client in
            let appPort = try #require(client.port)
            _ = try await client.signedIn("alice")
            let nginx = try Nginx(example: Nginx.examples, latchkeyPort: appPort, applicationPort: appPort)
            defer { nginx.stop() }
            let spoofed = [
                "Forwarded": "for=203.0.113.9", "X-Forwarded-For": "203.0.113.9", "X-Real-IP": "203.0.113.9",
            ]
            let login = try await nginx.request(
                "POST", "/v1/login", token: nil, headers: spoofed.merging(["Content-Type": "application/json"]) { $1 },
                body: #"{"username": "alice", "password": "\#(TestServer.password)"}"#)
            #expect(login.status == 200)
            let token = try #require(
                (try JSONSerialization.jsonObject(with: Data(login.body.utf8)) as? [String: Any])?["token"] as? String)
            let sessions = try await nginx.request("GET", "/v1/sessions", token: token, headers: spoofed)
            #expect(sessions.status == 200)
            let listed = try JSONSerialization.jsonObject(with: Data(sessions.body.utf8)) as? [String: Any]
            let addresses = (listed?["sessions"] as? [[String: Any]] ?? []).compactMap { $0["address"] as? String }
            // curl's own address, as nginx saw it; never the one the client wrote.
            #expect(addresses.contains("127.0.0.1"))
            #expect(!addresses.contains("203.0.113.9"))
        }
    }
}

/// A throwaway nginx: the example's server block, its ports rewritten, under a minimal main
/// configuration in a temporary folder.
struct Nginx {
    let folder: URL
    let port: Int
    let process: Spawned

    /// The shipped examples folder.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

    init(example: URL, latchkeyPort: Int, applicationPort: Int) throws {
        guard let binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].first(where: FileManager.default.isExecutableFile)
        else {
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "nginx is not installed (apt-get install nginx)"]
            )
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try FreePort.find()
        var block = try String(contentsOf: example.appendingPathComponent("nginx.conf"), encoding: .utf8)
        block = block.replacingOccurrences(of: "listen 8000;", with: "listen 127.0.0.1:\(port);")
            .replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(latchkeyPort)")
            .replacingOccurrences(of: "127.0.0.1:3000", with: "127.0.0.1:\(applicationPort)")
        try FileManager.default.copyItem(
            at: example.appendingPathComponent("latchkey-proxy-headers"),
            to: folder.appendingPathComponent("latchkey-proxy-headers"))
        let temp = folder.path
        let main = """
            daemon off;
            master_process off;
            pid \(temp)/nginx.pid;
            error_log \(temp)/error.log;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(temp)/body;
                proxy_temp_path \(temp)/proxy;
                fastcgi_temp_path \(temp)/fastcgi;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
            \(block)
            }
            """
        try main.write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        process = try Spawned(binary, ["-p", temp, "-c", "\(temp)/nginx.conf", "-e", "\(temp)/error.log"])
        try FreePort.waitUntilListening(port)
    }

    func stop() {
        _ = process.stop(SIGQUIT)
        try? FileManager.default.removeItem(at: folder)
    }

    /// A GET through nginx (see `ProxyClient`).
    func get(_ path: String, token: String?, headers: [String: String] = [:]) async throws -> (
        status: Int, body: String
    ) {
        try await ProxyClient(folder: folder, port: port).get(path, token: token, headers: headers)
    }

    /// A request through nginx (see `ProxyClient`).
    func request(
        _ method: String, _ path: String, token: String?, headers: [String: String] = [:], body: String? = nil
    ) async throws -> (status: Int, body: String) {
        try await ProxyClient(folder: folder, port: port).request(
            method, path, token: token, headers: headers, body: body)
    }
}
